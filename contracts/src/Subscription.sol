// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice A compute subscription (SPEC §6). The field order is fixed: it is
/// both the ABI tuple and the EIP-712 struct `Subscription`.
/// @dev One-shot requests are `frequency 1, period 0`. A cancelled
/// subscription has `activeAt == type(uint32).max`.
struct Subscription {
    address owner;
    uint32 activeAt;
    uint32 period;
    uint32 frequency;
    uint16 redundancy;
    uint48 maxGasPrice;
    uint32 maxGasLimit;
    string containerId;
    bytes inputs;
    bool lazy;
    address verifier;
    uint256 paymentAmount;
    address paymentToken;
    address wallet;
}
