//go:build !linux

package testnet

import "syscall"

func childAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }
