// SPDX-License-Identifier: MIT
pragma solidity ^0.8.23;

import "@account-abstraction/contracts/samples/SimpleAccount.sol";
import "@openzeppelin/contracts/interfaces/IERC1271.sol";

/**
 * The dev stack's ERC-4337 account: the eth-infinitism SimpleAccount (one owner key, `execute`
 * and the atomic `executeBatch`) plus ERC-1271, so a sign-in with the account verifies.
 *
 * A signature is valid for this account only: the owner signs the EIP-712 message
 * `PorticoAccountMessage(bytes32 hash)` in the domain of this account's address and chain, so
 * neither a plain signature of the owner key nor one made for another account of the same
 * owner passes here.
 */
contract PorticoAccount is SimpleAccount, IERC1271 {
    bytes32 private constant DOMAIN_TYPEHASH =
        keccak256("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)");
    bytes32 private constant MESSAGE_TYPEHASH = keccak256("PorticoAccountMessage(bytes32 hash)");

    constructor(IEntryPoint anEntryPoint) SimpleAccount(anEntryPoint) {}

    /// The digest the owner signs to vouch for `hash` on behalf of this account.
    function replaySafeHash(bytes32 hash) public view returns (bytes32) {
        bytes32 domain = keccak256(
            abi.encode(DOMAIN_TYPEHASH, keccak256("Portico Account"), keccak256("1"), block.chainid, address(this))
        );
        return MessageHashUtils.toTypedDataHash(domain, keccak256(abi.encode(MESSAGE_TYPEHASH, hash)));
    }

    /// ERC-1271: the magic value when the owner signed `replaySafeHash(hash)`.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        (address signer, ECDSA.RecoverError error, ) = ECDSA.tryRecover(replaySafeHash(hash), signature);
        if (error == ECDSA.RecoverError.NoError && signer == owner) return IERC1271.isValidSignature.selector;
        return 0xffffffff;
    }
}
