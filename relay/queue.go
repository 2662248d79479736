package relay

import "container/heap"

type entry struct {
	due uint64 // block time at which the subscription's next interval opens
	id  uint32
}

// timerQueue is a min-heap of entries by due time. An entry is live only
// while Relay.queued[id] equals its due time (lazy deletion).
type timerQueue []entry

func (q timerQueue) Len() int           { return len(q) }
func (q timerQueue) Less(i, j int) bool { return q[i].due < q[j].due }
func (q timerQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *timerQueue) Push(x any)        { *q = append(*q, x.(entry)) }
func (q *timerQueue) Pop() any {
	old := *q
	e := old[len(old)-1]
	*q = old[:len(old)-1]
	return e
}

func (q *timerQueue) push(e entry) { heap.Push(q, e) }
func (q *timerQueue) pop() entry   { return heap.Pop(q).(entry) }
