package wltest

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
)

// TorchScript returns a TorchScript archive (the zip torch.jit.save writes)
// of a module __torch__.Bomb whose forward(self, x: Tensor) -> Tensor
// returns expr, TorchScript source such as "torch.expand(x, [100000000])":
// a model built in the test, for what a hostile publisher could host. It
// is a few hundred bytes; libtorch compiles expr when it loads the file.
func TorchScript(expr string) []byte {
	const class = "Bomb"
	// data.pkl: the module object (pickle protocol 2), as torch.jit.save
	// writes it for a module with no parameters.
	var pkl bytes.Buffer
	pkl.WriteString("\x80\x02c__torch__\n" + class + "\nq\x00)\x81}(")
	str := func(s string) {
		pkl.WriteByte('X')
		_ = binary.Write(&pkl, binary.LittleEndian, uint32(len(s)))
		pkl.WriteString(s)
	}
	str("training")
	pkl.WriteString("q\x01\x88")
	str("_is_full_backward_hook")
	pkl.WriteString("q\x02Nubq\x03.")
	code := "class " + class + "(Module):\n" +
		"  __parameters__ = []\n" +
		"  __buffers__ = []\n" +
		"  training : bool\n" +
		"  _is_full_backward_hook : Optional[bool]\n" +
		"  def forward(self: __torch__." + class + ",\n" +
		"    x: Tensor) -> Tensor:\n" +
		"    return " + expr + "\n"
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range []struct{ name, body string }{
		{"bomb/data.pkl", pkl.String()},
		{"bomb/code/__torch__.py", code},
		{"bomb/constants.pkl", "\x80\x02)."},
		{"bomb/version", "3\n"},
	} {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Store})
		if err != nil {
			panic(err) // writing to memory does not fail
		}
		_, _ = w.Write([]byte(f.body))
	}
	if err := zw.Close(); err != nil {
		panic(err)
	}
	return out.Bytes()
}
