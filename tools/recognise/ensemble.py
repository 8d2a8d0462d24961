"""Join classifiers written by train.py into one ONNX network whose probabilities are the mean
of theirs (an ensemble: networks trained from other seeds or designs err in other places).

    ~/.cache/recog-venv/bin/python tools/recognise/ensemble.py A.onnx B.onnx [...] -o assets/recognise/pieces.onnx

Each network keeps its graph, its names prefixed by its place in the list; all read the same
input, `crops`, and the graph's one output, `probs`, is their mean (src/recognise/classify.rs
reads it as it reads one network's).
"""

import argparse
import os

import onnx
from onnx import helper


def joined(paths):
    nodes, inits, first = [], [], None
    outputs = []
    for n, path in enumerate(paths):
        model = onnx.load(path)
        graph = model.graph
        if first is None:
            first = model
        prefix = f"m{n}_"
        keep = {graph.input[0].name}

        def name(x):
            return x if x in keep or x == "" else prefix + x

        for init in graph.initializer:
            init.name = name(init.name)
            inits.append(init)
        for node in graph.node:
            node.input[:] = [name(x) for x in node.input]
            node.output[:] = [name(x) for x in node.output]
            node.name = name(node.name)
            nodes.append(node)
        outputs.append(name(graph.output[0].name))
    out_name = first.graph.output[0].name
    nodes.append(helper.make_node("Mean", outputs, [out_name]))
    graph = helper.make_graph(nodes, first.graph.name, list(first.graph.input), list(first.graph.output), inits)
    model = helper.make_model(graph, opset_imports=list(first.opset_import), producer_name="qipu tools/recognise/ensemble.py")
    model.ir_version = first.ir_version
    onnx.checker.check_model(model)
    return model


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("models", nargs="+", help="networks written by train.py")
    ap.add_argument("-o", "--out", default="assets/recognise/pieces.onnx")
    args = ap.parse_args()
    onnx.save(joined(args.models), args.out)
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes), the mean of {len(args.models)} networks")


if __name__ == "__main__":
    main()
