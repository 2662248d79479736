// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Never deployed: a node places this runtime code at a fixed unused
/// address with an `eth_call` state override, so the reads it makes before a
/// delivery are one `eth_call` instead of a batch (chain/calls.go). Each
/// call's success flag and return or revert data come back as they are.
contract CallReader {
    struct Call {
        address target;
        bytes data;
    }

    struct Result {
        bool success;
        bytes data;
    }

    function read(Call[] calldata calls) external returns (Result[] memory results) {
        results = new Result[](calls.length);
        for (uint256 i = 0; i < calls.length; i++) {
            (bool ok, bytes memory ret) = calls[i].target.call(calls[i].data);
            results[i] = Result(ok, ret);
        }
    }
}
