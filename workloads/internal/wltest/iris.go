package wltest

// The iris fixture (shared/fixtures/README.md): the input every iris test
// sends and each model's golden output for it.

// IrisValues is the iris input's values as JSON.
const IrisValues = `[1.0380048,0.5586108,1.1037828,1.712096]`

// IrisTensor is the iris input as a JSON tensor: shape [1, 4], float32.
const IrisTensor = `{"values":` + IrisValues + `,"shape":[1,4],"dtype":1}`

// IrisInput is the iris input's values.
func IrisInput() []float32 { return []float32{1.0380048, 0.5586108, 1.1037828, 1.712096} }

// IrisGoldenONNX is iris.onnx's output for IrisInput.
func IrisGoldenONNX() []float32 { return []float32{0.0010151527, 0.0143910227, 0.9845937490} }

// IrisGoldenTorch is iris.torch's output for IrisInput.
func IrisGoldenTorch() []float32 { return []float32{0.0016699483, 0.0211449731, 0.9771850705} }

// IrisSetosaStandardized is the textbook setosa [5.1, 3.5, 1.4, 0.2]
// standardized as the iris models were trained ((x - mean) / std over the
// data set: means 5.843, 3.057, 3.758, 1.199 cm, deviations 0.825,
// 0.434, 1.759, 0.760): the input the docs show, which both models
// classify as class 0, setosa.
func IrisSetosaStandardized() []float32 { return []float32{-0.9, 1.02, -1.34, -1.32} }
