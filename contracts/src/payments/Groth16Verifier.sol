// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IVerifier} from "./IVerifier.sol";
import {Coordinator} from "../Coordinator.sol";

/// @title Groth16Verifier
/// @notice An atomic `IVerifier` for the proof workload (docs/proof.md): it
/// checks each delivered proof with the model's gnark verifier contract (the
/// `verifier.bin` of the model's `proof setup`) and answers the Coordinator in
/// the same transaction. The proof workload delivers as `proof` the complete
/// calldata of the verifier's `verifyProof`, which returns nothing and reverts
/// when the proof is invalid, so the check is one staticcall: valid exactly
/// when the calldata starts with the manifest's selector and the call succeeds.
/// @dev Fees and tokens are fixed at deployment. Like the workload's example
/// consumer, this checks the proof against its own public inputs; a consumer
/// that needs them bound to its request compares them in its callback.
contract Groth16Verifier is IVerifier {
    Coordinator public immutable COORDINATOR;
    /// @notice The model's deployed gnark verifier and its verifyProof selector.
    address public immutable VERIFIER;
    bytes4 public immutable SELECTOR;
    address private immutable _wallet;

    mapping(address => bool) private _supported;
    mapping(address => uint256) private _fees;

    error NotCoordinator(address caller);
    error ZeroAddress();
    error LengthMismatch(uint256 tokens, uint256 fees);

    /// @param tokens the payment tokens accepted (zero: native coin), with their `fees`.
    constructor(
        address coordinator,
        address verifier,
        bytes4 selector,
        address wallet,
        address[] memory tokens,
        uint256[] memory fees
    ) {
        if (coordinator == address(0) || verifier == address(0) || wallet == address(0)) revert ZeroAddress();
        if (tokens.length != fees.length) revert LengthMismatch(tokens.length, fees.length);
        COORDINATOR = Coordinator(coordinator);
        VERIFIER = verifier;
        SELECTOR = selector;
        _wallet = wallet;
        for (uint256 i = 0; i < tokens.length; i++) {
            _supported[tokens[i]] = true;
            _fees[tokens[i]] = fees[i];
        }
    }

    function getWallet() external view returns (address) {
        return _wallet;
    }

    function isSupportedToken(address token) external view returns (bool) {
        return _supported[token];
    }

    function fee(address token) external view returns (uint256) {
        return _fees[token];
    }

    /// @notice Whether `proof` (verifyProof calldata) is a valid proof.
    function isValid(bytes calldata proof) public view returns (bool ok) {
        if (proof.length < 4 || bytes4(proof[:4]) != SELECTOR) return false;
        (ok,) = VERIFIER.staticcall(proof);
    }

    /// @notice Checks `proof` and finalizes the verification atomically.
    function requestProofVerification(uint32 subscriptionId, uint32 interval, address node, bytes calldata proof)
        external
    {
        if (msg.sender != address(COORDINATOR)) revert NotCoordinator(msg.sender);
        // The staticcall cannot change state; finalizing is the last call.
        COORDINATOR.finalizeProofVerification(subscriptionId, interval, node, isValid(proof));
    }
}
