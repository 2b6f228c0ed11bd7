// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// Batched reads in one eth_call, with the interface of the widely deployed Multicall3
/// (`aggregate3`, `getEthBalance`, `getBlockNumber`), so viem's `multicall` can use it.
contract Multicall3 {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    error CallFailed(uint256 index);

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool success, bytes memory returnData) = calls[i].target.call(calls[i].callData);
            if (!success && !calls[i].allowFailure) revert CallFailed(i);
            results[i] = Result(success, returnData);
        }
    }

    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }
}
