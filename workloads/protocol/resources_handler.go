package protocol

import (
	"context"
	"log/slog"
	"net/http"
)

// ResourcesHandler serves GET /service-resources: without model_id it
// answers the ServiceResources built from caps and sys (read fresh on every
// call, since disk use changes); with model_id it answers support(ctx, id).
// support may be nil for a workload without models: every model id is then
// unsupported.
func ResourcesHandler(serviceID string, caps func() []ComputeCapability, sys System,
	support func(ctx context.Context, modelID string) ModelSupport, log *slog.Logger) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET")
			WriteJSON(w, http.StatusMethodNotAllowed, ErrorReply{Error: "use GET"})
			return
		}
		if r.URL.Query().Has("model_id") {
			id := r.URL.Query().Get("model_id")
			if support == nil {
				WriteJSON(w, http.StatusOK, ModelSupport{Supported: false, Error: serviceID + " serves no models"})
				return
			}
			WriteJSON(w, http.StatusOK, support(r.Context(), id))
			return
		}
		hw, err := sys.Hardware()
		if err != nil && log != nil {
			log.Warn("some system facts are unavailable", "err", err)
		}
		WriteJSON(w, http.StatusOK, ServiceResources{
			ServiceID:            serviceID,
			ComputeCapability:    caps(),
			HardwareCapabilities: []HardwareCapability{hw},
		})
	}
}
