// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// An ERC-721 collection whose metadata lives on chain: `tokenURI` is a data: URL of JSON whose
/// image is a data: URL of an SVG drawn from the token id. Enumerable, so an owner's tokens can
/// be listed; the owner mints.
contract DevCollection is ERC721Enumerable, Ownable {
    using Strings for uint256;

    string private _description;

    constructor(string memory name_, string memory symbol_, string memory description_) ERC721(name_, symbol_) Ownable(msg.sender) {
        _description = description_;
    }

    function mint(address to, uint256 tokenId) external onlyOwner {
        _mint(to, tokenId);
    }

    /// The token's picture: a coloured square with a ring, its hue and size from the token id.
    function image(uint256 tokenId) public view returns (string memory) {
        _requireOwned(tokenId);
        string memory hue = ((tokenId * 137) % 360).toString();
        string memory ring = (18 + (tokenId * 7) % 22).toString();
        return string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
            '<rect width="100" height="100" fill="hsl(', hue, ',65%,40%)"/>',
            '<circle cx="50" cy="46" r="', ring, '" fill="none" stroke="hsl(', hue, ',90%,85%)" stroke-width="8"/>',
            '<text x="50" y="92" font-family="sans-serif" font-size="12" text-anchor="middle" fill="#fff">#', tokenId.toString(), '</text>',
            '</svg>'
        );
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        string memory json = string.concat(
            '{"name":"', name(), ' #', tokenId.toString(),
            '","description":"', _description,
            '","image":"data:image/svg+xml;base64,', Base64.encode(bytes(image(tokenId))), '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }
}
