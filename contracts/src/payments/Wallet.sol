// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title Wallet
/// @notice Holds native coin and ERC-20 tokens for a consumer or a node
/// (SPEC §6, Infernet SDK v1 semantics). The owner approves spenders per
/// token and withdraws; the Coordinator moves, locks and unlocks funds, but
/// only within a spender's allowance. Token `address(0)` is the native coin.
/// @dev Locking (escrow and node collateral) takes the amount out of the
/// spender's allowance and out of the withdrawable balance; unlocking gives
/// both back; transferring locked funds consumes them.
contract Wallet is Ownable, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice The only contract that may move funds within allowances.
    address public immutable COORDINATOR;

    /// @notice How much of `token` the Coordinator may move for `spender`.
    mapping(address spender => mapping(address token => uint256)) public allowance;
    /// @notice Funds of `token` held in escrow or as collateral.
    mapping(address token => uint256) public lockedBalance;

    /// Caller is not the Coordinator.
    error NotCoordinator(address caller);
    /// Not enough unlocked balance of `token`.
    error InsufficientFunds(address token, uint256 available, uint256 required);
    /// `spender`'s allowance for `token` is below `required`.
    error InsufficientAllowance(address spender, address token, uint256 allowance, uint256 required);
    /// Less of `token` is locked than the Coordinator asked to release.
    error InsufficientLocked(address token, uint256 locked, uint256 required);
    /// Sending native coin to `to` failed.
    error NativeTransferFailed(address to, uint256 amount);

    /// @notice The owner set `spender`'s allowance for `token`.
    event Approval(address indexed spender, address indexed token, uint256 amount);
    /// @notice The owner withdrew `amount` of `token`.
    event Withdrawal(address indexed token, uint256 amount);
    /// @notice The Coordinator moved `amount` of `token` for `spender` to `to`.
    event Transfer(address indexed spender, address indexed token, address indexed to, uint256 amount);
    /// @notice The Coordinator locked `amount` of `token` for `spender`.
    event Lock(address indexed spender, address indexed token, uint256 amount);
    /// @notice The Coordinator released `amount` of locked `token` back to `spender`.
    event Unlock(address indexed spender, address indexed token, uint256 amount);

    modifier onlyCoordinator() {
        if (msg.sender != COORDINATOR) revert NotCoordinator(msg.sender);
        _;
    }

    constructor(address coordinator, address initialOwner) Ownable(initialOwner) {
        COORDINATOR = coordinator;
    }

    /// @notice Takes native coin.
    receive() external payable {}

    /// @notice The wallet's total balance of `token` (locked included).
    function balanceOf(address token) public view returns (uint256) {
        return token == address(0) ? address(this).balance : IERC20(token).balanceOf(address(this));
    }

    /// @notice The balance of `token` that is not locked (what can be moved or withdrawn).
    function unlockedBalance(address token) public view returns (uint256) {
        return balanceOf(token) - lockedBalance[token];
    }

    /// @notice Sets how much of `token` the Coordinator may move for `spender`.
    function approve(address spender, address token, uint256 amount) external onlyOwner {
        allowance[spender][token] = amount;
        emit Approval(spender, token, amount);
    }

    /// @notice Sends `amount` of unlocked `token` to the owner.
    function withdraw(address token, uint256 amount) external onlyOwner nonReentrant {
        _requireUnlocked(token, amount);
        _send(token, owner(), amount);
        emit Withdrawal(token, amount);
    }

    /// @notice Coordinator: moves `amount` of `token` to `to`, within `spender`'s allowance.
    function cTransfer(address spender, address token, address to, uint256 amount)
        external
        onlyCoordinator
        nonReentrant
    {
        _spend(spender, token, amount);
        _requireUnlocked(token, amount);
        _send(token, to, amount);
        emit Transfer(spender, token, to, amount);
    }

    /// @notice Coordinator: locks `amount` of `token`, within `spender`'s allowance.
    function cLock(address spender, address token, uint256 amount) external onlyCoordinator nonReentrant {
        _spend(spender, token, amount);
        _requireUnlocked(token, amount);
        lockedBalance[token] += amount;
        emit Lock(spender, token, amount);
    }

    /// @notice Coordinator: releases `amount` of locked `token` and gives
    /// `spender` its allowance back.
    function cUnlock(address spender, address token, uint256 amount) external onlyCoordinator nonReentrant {
        _release(token, amount);
        allowance[spender][token] += amount;
        emit Unlock(spender, token, amount);
    }

    /// @notice Coordinator: sends `amount` of locked `token` to `to` (escrow
    /// paid out, or collateral slashed). The allowance was consumed by the lock.
    function cTransferLocked(address spender, address token, address to, uint256 amount)
        external
        onlyCoordinator
        nonReentrant
    {
        _release(token, amount);
        _send(token, to, amount);
        emit Transfer(spender, token, to, amount);
    }

    function _spend(address spender, address token, uint256 amount) private {
        uint256 allowed = allowance[spender][token];
        if (allowed < amount) revert InsufficientAllowance(spender, token, allowed, amount);
        allowance[spender][token] = allowed - amount;
    }

    function _requireUnlocked(address token, uint256 amount) private view {
        uint256 available = unlockedBalance(token);
        if (available < amount) revert InsufficientFunds(token, available, amount);
    }

    function _release(address token, uint256 amount) private {
        uint256 locked = lockedBalance[token];
        if (locked < amount) revert InsufficientLocked(token, locked, amount);
        lockedBalance[token] = locked - amount;
    }

    function _send(address token, address to, uint256 amount) private {
        if (amount == 0) return;
        if (token == address(0)) {
            (bool ok,) = to.call{value: amount}("");
            if (!ok) revert NativeTransferFailed(to, amount);
        } else {
            IERC20(token).safeTransfer(to, amount);
        }
    }
}
