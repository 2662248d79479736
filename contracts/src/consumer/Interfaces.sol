// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice What the Coordinator calls on a subscription owner.
interface IComputeConsumer {
    /// @notice Called by the Coordinator with exactly the subscription's
    /// `maxGasLimit` gas when a node delivers an interval.
    /// @param taskId keccak256(abi.encode(block.chainid, coordinator, subscriptionId, interval))
    function receiveCompute(bytes32 taskId, bytes calldata output, bytes calldata proof) external;

    /// @notice The container input when the subscription's `inputs` is
    /// empty; nodes call this with `eth_call`.
    function getContainerInputs(uint32 subscriptionId, uint32 interval, uint32 timestamp, address caller)
        external
        view
        returns (bytes memory);
}

/// @notice An owner that lets an off-chain signer create subscriptions for it.
interface IDelegator {
    /// @notice The address whose EIP-712 signatures may create delegated
    /// subscriptions owned by this contract.
    function getSigner() external view returns (address);
}
