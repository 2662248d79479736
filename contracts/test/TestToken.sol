// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @title TestToken
/// @notice An ERC-20 for tests (not deployed by infernode): anyone may mint.
/// A hook can make every transfer call `hookTarget` with `hookData` first,
/// to test that Wallets and the Coordinator refuse re-entry.
contract TestToken is ERC20 {
    address public hookTarget;
    bytes public hookData;
    bool public hookFailed;
    bytes public hookReason;

    constructor() ERC20("Test Token", "TEST") {}

    function mint(address to, uint256 amount) external {
        _mint(to, amount);
    }

    function setHook(address target, bytes calldata data) external {
        hookTarget = target;
        hookData = data;
    }

    function _update(address from, address to, uint256 value) internal override {
        address target = hookTarget;
        if (target != address(0) && from != address(0)) {
            hookTarget = address(0); // once per hook
            (bool ok, bytes memory reason) = target.call(hookData);
            hookFailed = !ok;
            hookReason = reason;
        }
        super._update(from, to, value);
    }
}
