package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"os"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/infernode/infernode/chain"
	"github.com/infernode/infernode/cmd/infernode/internal/walletops"
	"github.com/infernode/infernode/coordinator"
	"github.com/infernode/infernode/coordinator/dialects"
	"github.com/infernode/infernode/coordinator/infernetv1"
	"github.com/infernode/infernode/coordinator/ours"
	"github.com/infernode/infernode/payments"
	"github.com/infernode/infernode/signer"
)

// walletCommand is `infernode wallet create|fund|approve|balance|withdraw`:
// payment Wallets (docs/chain-protocol.md) for node operators and consumers.
func walletCommand() command {
	return command{name: "wallet", summary: "create, fund, approve, read and withdraw from payment wallets", run: runWallet}
}

const walletUsage = `usage: infernode wallet SUBCOMMAND [flags]

  new       --keystore DIR [--password-file FILE]           make a key, encrypted in DIR (geth's keystore format)
  import    --keystore DIR [--password-file FILE]           encrypt the key of --private-key (env INFERNODE_PRIVATE_KEY)
                                                           into DIR; the password comes from --password-file or
                                                           env INFERNODE_KEYSTORE_PASSWORD
  create    --coordinator ADDR [--owner ADDR]              make a Wallet (owner: the key's address)
            (or --registry ADDR: an Infernet SDK v1 Registry's WalletFactory)
  fund      --wallet ADDR --amount N [--token ADDR]         send coin or an ERC-20 from the key's account
  approve   --wallet ADDR --spender ADDR --amount N [--token ADDR]
                                                           let the Coordinator move N for SPENDER (a consumer
                                                           contract, or the node's own address for collateral)
  balance   --wallet ADDR [--token ADDR] [--spender ADDR]   balance, locked, unlocked (and the spender's allowance);
                                                           an Infernet SDK v1 Wallet keeps its locked balance
                                                           private: balance (and allowance) only
  withdraw  --wallet ADDR --amount N [--token ADDR]         send unlocked funds to the owner

The others take --rpc URL (env RPC_URL) and, to send, one signing key: --private-key (env
INFERNODE_PRIVATE_KEY), --keystore FILE with --password-file (env INFERNODE_KEYSTORE,
INFERNODE_KEYSTORE_PASSWORD_FILE or INFERNODE_KEYSTORE_PASSWORD), or --remote-signer URL with
--signer-address (env INFERNODE_REMOTE_SIGNER, INFERNODE_REMOTE_SIGNER_ADDRESS); see docs/keys.md. --token defaults to the native coin (0x0). Amounts are integers in the token's
smallest unit (wei). Output is one JSON object.
`

func runWallet(ctx context.Context, args []string, stdout, stderr io.Writer) (retErr error) {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stderr, walletUsage)
		if len(args) == 0 {
			return errUsage
		}
		return nil
	}
	sub, args := args[0], args[1:]
	if sub == "new" || sub == "import" {
		return runWalletKeystore(sub, args, stdout, stderr)
	}
	fs := newFlags("wallet "+sub, "[flags]", stderr)
	rpcURL := fs.String("rpc", defaultRPC(), "chain JSON-RPC URL (env RPC_URL)")
	// The URL may hold an API key: what the command returns shows its scheme and host only.
	defer func() { retErr = chain.RedactError(retErr, *rpcURL) }()
	var keys *signingFlags
	if sub != "balance" { // balance only reads
		keys = addSigningFlags(fs, "sending")
	}
	// Each subcommand lists only the flags it uses (`wallet create -h`).
	wallet, token, amount := new(string), new(string), new(string)
	if sub != "create" {
		wallet = fs.String("wallet", "", "the Wallet's address")
		token = fs.String("token", "", "token address (default: the native coin)")
	}
	if sub == "fund" || sub == "approve" || sub == "withdraw" {
		amount = fs.String("amount", "", "amount in the token's smallest unit")
	}
	var coord, registry, owner, spender *string
	switch sub {
	case "create":
		coord = fs.String("coordinator", "", "the Coordinator (its WalletFactory makes the wallet)")
		registry = fs.String("registry", "", "instead of --coordinator: an Infernet SDK v1 Registry (its WALLET_FACTORY() makes the wallet)")
		owner = fs.String("owner", "", "the wallet's owner (default: the key's address)")
	case "approve", "balance":
		spender = fs.String("spender", "", "who the Coordinator moves funds for: a consumer contract, or the node's address (collateral)")
	case "fund", "withdraw":
	default:
		fmt.Fprintf(stderr, "infernode wallet: unknown subcommand %q\n\n%s", sub, walletUsage)
		return errUsage
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	for _, f := range []string{"wallet", "token", "coordinator", "registry", "owner", "spender"} {
		if fl := fs.Lookup(f); fl != nil && fl.Value.String() != "" && !common.IsHexAddress(fl.Value.String()) {
			return usagef(fs, "--%s: %q is not an address (0x followed by 40 hex digits)", f, fl.Value.String())
		}
	}
	need := func(name, v string) error {
		if v == "" {
			return usagef(fs, "--%s is required", name)
		}
		return nil
	}
	var amt *big.Int
	if sub == "fund" || sub == "approve" || sub == "withdraw" {
		if err := need("amount", *amount); err != nil {
			return err
		}
		var ok bool
		if amt, ok = new(big.Int).SetString(*amount, 0); !ok || amt.Sign() < 0 {
			return usagef(fs, "--amount: %q is not a non-negative integer (the token's smallest unit)", *amount)
		}
	}
	if sub != "create" {
		if err := need("wallet", *wallet); err != nil {
			return err
		}
	}
	if sub == "approve" {
		if err := need("spender", *spender); err != nil {
			return err
		}
	}
	if sub == "create" && (*coord == "") == (*registry == "") {
		return usagef(fs, "--coordinator (infernode's Coordinator) or --registry (an Infernet SDK v1 Registry) is required, one of them")
	}

	client, err := ethclient.DialContext(ctx, *rpcURL)
	if err != nil {
		return fmt.Errorf("connect to %s: %w", *rpcURL, err)
	}
	defer client.Close()
	w, tok := common.HexToAddress(*wallet), common.HexToAddress(*token)
	out := map[string]any{}
	if sub == "balance" {
		sp := common.Address{}
		if *spender != "" {
			sp = common.HexToAddress(*spender)
		}
		st, err := readWallet(ctx, client, w, sp, tok)
		if err != nil {
			return err
		}
		out = map[string]any{"wallet": w, "token": tok, "balance": st.Balance.String()}
		if !st.LockedUnknown {
			out["locked"], out["unlocked"] = st.Locked.String(), st.Unlocked().String()
		}
		if *spender != "" {
			out["spender"], out["allowance"] = sp, st.Allowance.String()
		}
		return json.NewEncoder(stdout).Encode(out)
	}

	if !keys.given() {
		return usagef(fs, "a sending key is required: --private-key (or set INFERNODE_PRIVATE_KEY), --keystore or --remote-signer (docs/keys.md)")
	}
	from, err := keys.signer(ctx, stderr)
	if err != nil {
		return err
	}
	ops := walletops.Ops{Backend: client, From: from}
	var tx common.Hash
	switch sub {
	case "create":
		factory, err := walletFactoryOf(ctx, client, *coord, *registry)
		if err != nil {
			return err
		}
		o := ops.Address()
		if *owner != "" {
			o = common.HexToAddress(*owner)
		}
		addr, h, err := ops.CreateWallet(ctx, factory, o)
		if err != nil {
			return err
		}
		tx, out["wallet"], out["owner"], out["wallet_factory"] = h, addr, o, factory
	case "fund":
		tx, err = ops.Fund(ctx, w, tok, amt)
	case "approve":
		tx, err = ops.Approve(ctx, w, common.HexToAddress(*spender), tok, amt)
	case "withdraw":
		tx, err = ops.Withdraw(ctx, w, tok, amt)
	}
	if err != nil {
		return err
	}
	out["tx"] = tx
	return json.NewEncoder(stdout).Encode(out)
}

// walletFactoryOf reads the WalletFactory of our Coordinator, or of an
// Infernet SDK v1 Registry (WALLET_FACTORY()).
func walletFactoryOf(ctx context.Context, c *ethclient.Client, coord, registry string) (common.Address, error) {
	d, err := chooseDialect(ctx, c, coord, registry)
	if err != nil {
		return common.Address{}, err
	}
	return d.WalletFactory(ctx, cliCaller(c))
}

// chooseDialect is the Coordinator's dialect (coordinator/dialects) for
// --coordinator or --registry.
func chooseDialect(ctx context.Context, c *ethclient.Client, coord, registry string) (coordinator.Dialect, error) {
	t := dialects.Target{Coordinator: common.HexToAddress(coord)}
	if registry != "" {
		t.Registry = common.HexToAddress(registry)
	}
	d, err := dialects.Choose(ctx, cliCaller(c), t, dialects.Options{})
	if err != nil {
		return nil, fmt.Errorf("--registry: %w", err)
	}
	return d, nil
}

// cliCaller is the chain client over the command's connection (batched
// calls, as the dialects read).
func cliCaller(c *ethclient.Client) coordinator.Caller {
	return chain.NewClient([]*rpc.Client{c.Client()}, []string{"--rpc"}, chain.Options{})
}

// readWallet reads an infernode Wallet, or else an Infernet SDK v1 Wallet
// (which has no lockedBalance: balance then reports no locked/unlocked
// figures). When neither read works, the first error is the one reported.
func readWallet(ctx context.Context, c *ethclient.Client, w, spender, token common.Address) (payments.State, error) {
	st, err := ours.ReadWallet(ctx, c, w, spender, token)
	if err == nil {
		return st, nil
	}
	if st, sdkErr := infernetv1.ReadWallet(ctx, c, w, spender, token); sdkErr == nil {
		return st, nil
	}
	return st, err
}

// runWalletKeystore is `wallet new` and `wallet import`: a key encrypted
// into a keystore directory by go-ethereum's keystore (Web3 Secret Storage
// v3, the file chain.wallet.keystore names). It prints the address and the
// file, never the key.
func runWalletKeystore(sub string, args []string, stdout, stderr io.Writer) error {
	fs := newFlags("wallet "+sub, "--keystore DIR [--password-file FILE] [flags]", stderr)
	dir := fs.String("keystore", "", "directory the encrypted key file is written to (made 0700)")
	pwFile := fs.String("password-file", os.Getenv(envPasswordFile), "the password, first line of this file (env "+envPasswordFile+"; else env "+signer.PasswordEnv+")")
	light := fs.Bool("light-kdf", false, "weaker, faster key derivation (scrypt N=4096, for tests); default: geth's standard (N=262144, 256 MiB, about a second)")
	var keyHex *string
	if sub == "import" {
		keyHex = fs.String("private-key", "", "the key to import, hex (env "+envPrivateKey+" or "+envPrivateKeyOld+"); never printed")
	}
	pos, err := parseFlags(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	if *dir == "" {
		return usagef(fs, "--keystore DIR is required: the directory to write the encrypted key file to")
	}
	password, err := signer.Password(*pwFile, os.Getenv, slog.New(slog.NewTextHandler(stderr, &slog.HandlerOptions{Level: slog.LevelWarn})))
	if err != nil {
		return usagef(fs, "%v", err)
	}
	if password == "" {
		return usagef(fs, "the password is empty; write one to --password-file or %s", signer.PasswordEnv)
	}
	n, p := keystore.StandardScryptN, keystore.StandardScryptP
	if *light {
		n, p = keystore.LightScryptN, keystore.LightScryptP
	}
	ks := keystore.NewKeyStore(*dir, n, p)
	var acct accounts.Account
	if sub == "new" {
		acct, err = ks.NewAccount(password)
	} else {
		h := *keyHex
		for _, env := range []string{envPrivateKey, envPrivateKeyOld} {
			if h == "" {
				h = os.Getenv(env)
			}
		}
		if h == "" {
			return usagef(fs, "--private-key (or env %s) is required: the key to import", envPrivateKey)
		}
		key, kerr := signer.ParsePrivateKey(h)
		if kerr != nil {
			return usagef(fs, "--private-key: %v", kerr)
		}
		acct, err = ks.ImportECDSA(key, password)
	}
	if err != nil {
		return fmt.Errorf("write the key into %s: %w", *dir, err)
	}
	return json.NewEncoder(stdout).Encode(map[string]any{"address": acct.Address, "keystore": acct.URL.Path})
}
