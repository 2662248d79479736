// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Infernet SDK v1 interfaces
/// @notice The parts of the public Infernet SDK v1 contracts that consumers
/// and verifiers call, declared from their ABI (docs/infernet-v1.md). The
/// SDK contracts themselves are deployed from the authors' bytecode
/// (contracts/infernetv1/artifacts), never compiled here.

/// @notice The SDK Registry: where the other SDK contracts are.
interface IInfernetRegistry {
    function COORDINATOR() external view returns (address);
    function INBOX() external view returns (address);
    function READER() external view returns (address);
    function FEE() external view returns (address);
    function WALLET_FACTORY() external view returns (address);
}

/// @notice The SDK Coordinator (EIP712Coordinator), as consumers use it.
/// (Verifiers: the SDK's IVerifier has the same selectors as ours,
/// src/payments/IVerifier.sol, so test/TestVerifier.sol serves both.)
interface IInfernetCoordinator {
    /// @notice Creates a subscription owned by the caller. `containerId` is
    /// the comma-joined container ids; the Coordinator stores
    /// keccak256(abi.encode(containerId)). The first interval starts
    /// `period` seconds from now.
    function createSubscription(
        string memory containerId,
        uint32 frequency,
        uint32 period,
        uint16 redundancy,
        bool lazy,
        address paymentToken,
        uint256 paymentAmount,
        address wallet,
        address verifier
    ) external returns (uint32);

    /// @notice Cancels a subscription the caller owns.
    function cancelSubscription(uint32 subscriptionId) external;
}
