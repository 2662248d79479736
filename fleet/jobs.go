package fleet

import (
	"crypto/rand"
	"crypto/sha256"
	"slices"

	"github.com/google/uuid"
)

// Off-chain jobs stay in the store of the member that created them; their
// ids say which member that is, so any member forwards a read of one to
// its owner (node/fleetjobs.go) without asking etcd: a job id is a random
// (version 4) UUID whose last four bytes are its member's tag.

// tag is node id's four bytes in its job ids.
func tag(nodeID string) [4]byte {
	h := sha256.Sum256([]byte("infernode job id\x00" + nodeID))
	return [4]byte(h[:4])
}

// NewJobID returns a job id maker for member nodeID.
func NewJobID(nodeID string) func() string {
	t := tag(nodeID)
	return func() string {
		var u uuid.UUID
		_, _ = rand.Read(u[:])
		u[6] = (u[6] & 0x0f) | 0x40 // version 4
		u[8] = (u[8] & 0x3f) | 0x80 // RFC 4122 variant
		copy(u[12:], t[:])
		return u.String()
	}
}

// JobOwner names the member whose tag job id carries, among this member's
// live ones and those it saw leave: live is false when that member is not
// live now. ok is false when the id carries no known member's tag (this
// member's own included: the caller looks it up locally first).
func (m *Members) JobOwner(id string) (owner Member, live, ok bool) {
	u, err := uuid.Parse(id)
	if err != nil {
		return Member{}, false, false
	}
	t := [4]byte(u[12:16])
	m.mu.Lock()
	defer m.mu.Unlock()
	for nid, mm := range m.live {
		if nid != m.o.NodeID && tag(nid) == t {
			return mm, true, true
		}
	}
	gone := make([]string, 0, len(m.known))
	for nid := range m.known {
		gone = append(gone, nid)
	}
	slices.Sort(gone)
	for _, nid := range gone {
		if nid != m.o.NodeID && tag(nid) == t {
			return m.known[nid], false, true
		}
	}
	return Member{}, false, false
}
