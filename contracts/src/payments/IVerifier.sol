// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title IVerifier
/// @notice A proof verifier (Infernet SDK v1 `IVerifier`). A subscription
/// naming a verifier has each delivery's proof checked: the Coordinator
/// escrows the consumer's payment, locks the node's collateral and calls
/// `requestProofVerification`; the verifier answers with
/// `Coordinator.finalizeProofVerification`, in the same transaction (atomic)
/// or later (optimistic).
interface IVerifier {
    /// @notice Where the verifier's fee is paid.
    function getWallet() external view returns (address);

    /// @notice Whether the verifier accepts payments in `token` (zero: native coin).
    function isSupportedToken(address token) external view returns (bool);

    /// @notice The verifier's fee in `token`, taken from the consumer's payment.
    function fee(address token) external view returns (uint256);

    /// @notice Asks the verifier to check `proof` of `node`'s delivery.
    function requestProofVerification(uint32 subscriptionId, uint32 interval, address node, bytes calldata proof)
        external;
}
