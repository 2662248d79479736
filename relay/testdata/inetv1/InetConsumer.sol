// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

// InetConsumer is a minimal Infernet SDK v1 consumer for the relay's tests:
// it creates subscriptions on the SDK's Coordinator, serves their inputs
// through getContainerInputs and counts deliveries per (id, interval, node).
interface IInetCoordinator {
    function createSubscription(string calldata containerId, uint32 frequency, uint32 period, uint16 redundancy, bool lazy,
        address paymentToken, uint256 paymentAmount, address wallet, address verifier) external returns (uint32);
    function cancelSubscription(uint32 subscriptionId) external;
}

contract InetConsumer {
    address public immutable coordinator;
    address public immutable signer;
    uint256 public deliveries;
    mapping(bytes32 => uint256) public delivered; // keccak256(abi.encode(id, interval, node)) => count

    event Delivered(uint32 indexed id, uint32 indexed interval, address indexed node, bytes input, bytes output, uint256 index);

    constructor(address coordinator_, address signer_) {
        coordinator = coordinator_;
        signer = signer_;
    }

    function subscribe(string calldata containerId, uint32 frequency, uint32 period, uint16 redundancy, bool lazy,
        address paymentToken, uint256 paymentAmount, address wallet, address verifier) external returns (uint32) {
        return IInetCoordinator(coordinator).createSubscription(containerId, frequency, period, redundancy, lazy,
            paymentToken, paymentAmount, wallet, verifier);
    }

    function cancel(uint32 id) external {
        IInetCoordinator(coordinator).cancelSubscription(id);
    }

    function getSigner() external view returns (address) {
        return signer;
    }

    function getContainerInputs(uint32 id, uint32 interval, uint32, address) external pure returns (bytes memory) {
        return abi.encode(id, interval);
    }

    function count(uint32 id, uint32 interval, address node) external view returns (uint256) {
        return delivered[keccak256(abi.encode(id, interval, node))];
    }

    function rawReceiveCompute(uint32 id, uint32 interval, uint16, address node, bytes calldata input,
        bytes calldata output, bytes calldata, bytes32, uint256 index) external {
        require(msg.sender == coordinator, "not the coordinator");
        deliveries++;
        delivered[keccak256(abi.encode(id, interval, node))]++;
        emit Delivered(id, interval, node, input, output, index);
    }
}
