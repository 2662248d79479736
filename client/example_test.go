package client_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/infernode/infernode/client"
	"github.com/infernode/infernode/rest"
	"github.com/infernode/infernode/rest/resttest"
)

func Example() {
	// A node serving an "echo" container (here an in-memory stand-in).
	srv := resttest.Serve(resttest.New(), rest.Options{Logger: slog.New(slog.DiscardHandler)})
	defer srv.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := client.New(srv.URL)
	if err != nil {
		panic(err)
	}
	id, err := c.CreateJob(ctx, client.JobRequest{Containers: []string{"echo"}, Data: json.RawMessage(`{"x":1}`)})
	if err != nil {
		panic(err)
	}
	res, err := c.WaitJob(ctx, id, 10*time.Millisecond)
	if err != nil {
		panic(err)
	}
	fmt.Println(res.Status, string(res.Result.Output))

	// Rejections are *client.Error values with the node's fixed strings.
	_, err = c.CreateJob(ctx, client.JobRequest{Containers: []string{"gpt"}, Data: json.RawMessage(`{}`)})
	var ce *client.Error
	if errors.As(err, &ce) {
		fmt.Println(ce.StatusCode, ce.Message, ce.Params["container"])
	}
	// Output:
	// success {"output":{"x":1}}
	// 400 Container not supported gpt
}
