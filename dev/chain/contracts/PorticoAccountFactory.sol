// SPDX-License-Identifier: MIT
pragma solidity ^0.8.23;

import "@openzeppelin/contracts/utils/Create2.sol";
import "@openzeppelin/contracts/proxy/ERC1967/ERC1967Proxy.sol";
import "./PorticoAccount.sol";

/**
 * Deploys {PorticoAccount}s as ERC-1967 proxies at CREATE2 addresses fixed by (owner, salt), the
 * way the eth-infinitism SimpleAccountFactory does, so an account's address is known before it
 * exists and its first UserOperation deploys it.
 */
contract PorticoAccountFactory {
    PorticoAccount public immutable accountImplementation;

    constructor(IEntryPoint entryPoint) {
        accountImplementation = new PorticoAccount(entryPoint);
    }

    /// Deploys the account of (owner, salt), or returns it when it exists.
    function createAccount(address owner, uint256 salt) public returns (PorticoAccount account) {
        address addr = getAddress(owner, salt);
        if (addr.code.length > 0) return PorticoAccount(payable(addr));
        account = PorticoAccount(payable(new ERC1967Proxy{salt: bytes32(salt)}(
            address(accountImplementation),
            abi.encodeCall(SimpleAccount.initialize, (owner))
        )));
    }

    /// The counterfactual address of the account of (owner, salt).
    function getAddress(address owner, uint256 salt) public view returns (address) {
        return Create2.computeAddress(bytes32(salt), keccak256(abi.encodePacked(
            type(ERC1967Proxy).creationCode,
            abi.encode(address(accountImplementation), abi.encodeCall(SimpleAccount.initialize, (owner)))
        )));
    }
}
