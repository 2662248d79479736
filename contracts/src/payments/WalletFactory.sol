// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Wallet} from "./Wallet.sol";

/// @title WalletFactory
/// @notice Creates Wallets bound to one Coordinator and remembers them, so
/// the Coordinator (and nodes) can tell a real Wallet from a look-alike.
/// @dev The Coordinator deploys its factory in its constructor (SPEC §6:
/// `wallet_factory` in `infernode deploy`'s JSON).
contract WalletFactory {
    /// @notice The Coordinator every Wallet made here trusts.
    address public immutable COORDINATOR;

    mapping(address => bool) private _wallets;

    /// @notice `caller` created `wallet` owned by `owner`.
    event WalletCreated(address indexed caller, address indexed owner, address wallet);

    constructor(address coordinator) {
        COORDINATOR = coordinator;
    }

    /// @notice Creates a Wallet owned by `initialOwner`.
    function createWallet(address initialOwner) external returns (address wallet) {
        wallet = address(new Wallet(COORDINATOR, initialOwner));
        _wallets[wallet] = true;
        emit WalletCreated(msg.sender, initialOwner, wallet);
    }

    /// @notice Whether `wallet` was created by this factory.
    function isValidWallet(address wallet) external view returns (bool) {
        return _wallets[wallet];
    }
}
