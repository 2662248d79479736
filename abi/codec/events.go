package codec

import (
	"github.com/ethereum/go-ethereum/common"

	"github.com/infernode/infernode/abi/coordinatorabi"
)

// The Coordinator's event topics, taken from the generated binding's ABI
// (never from hand-written signature strings).
var (
	coordinatorEvents = coordinatorabi.NewCoordinator().GetABI().Events

	// TopicSubscriptionCreated is SubscriptionCreated(uint32 indexed id,
	// bytes32 indexed containerIdHash, address indexed owner).
	TopicSubscriptionCreated = eventID(coordinatorabi.CoordinatorSubscriptionCreatedEventName)
	// TopicSubscriptionCancelled is SubscriptionCancelled, laid out as
	// SubscriptionCreated.
	TopicSubscriptionCancelled = eventID(coordinatorabi.CoordinatorSubscriptionCancelledEventName)
	// TopicComputeDelivered is ComputeDelivered(uint32 indexed id, uint32
	// interval, address indexed node, bytes32 taskId).
	TopicComputeDelivered = eventID(coordinatorabi.CoordinatorComputeDeliveredEventName)
	// TopicCallbackFailed is CallbackFailed, laid out as ComputeDelivered.
	TopicCallbackFailed = eventID(coordinatorabi.CoordinatorCallbackFailedEventName)
)

func eventID(name string) common.Hash {
	ev, ok := coordinatorEvents[name]
	if !ok { // the binding and this file disagree: a build mistake
		panic("codec: the Coordinator binding has no event " + name)
	}
	return ev.ID
}
