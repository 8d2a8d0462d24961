"""Train a piece classifier for src/recognise and write it as ONNX (ensemble.py joins several
into assets/recognise/pieces.onnx).

    python3 -m venv ~/.cache/recog-venv && ~/.cache/recog-venv/bin/pip install jax jaxlib optax numpy pillow onnx
    nice ~/.cache/recog-venv/bin/python tools/recognise/train.py [--boards 2000] [--epochs 12]
        [--photos 0.2] [--temperature 2] [--qipu target/release/qipu]

Crops come from synthetic boards (boards.py: many CJK fonts, screen and printed styles, Western
symbols of six designs, mixed and bent, pieces shaded in 3D or of wood, noise,
blur, JPEG; a share of them photographed by a phone and straightened again) and from Qipu's own
diagrams (`qipu diagram`, when --qipu is given the binary).
The network: three 3x3 convolutions with max pooling, two dense layers, 15 classes.

The shipped classifier is the mean of three such networks, each trained with
`--boards 4800 --qipu-boards 300 --epochs 6 --qipu target/release/qipu`: seed 3 on boards.py as
of commit e394158 (five designs), and seeds 3 and 4 on boards.py with the chess design and
smaller characters.
"""

import argparse
import io
import os
import random
import subprocess
import sys
import tempfile
import time

os.environ.setdefault("XLA_FLAGS", "--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=2")

import numpy as np
from PIL import Image

sys.path.insert(0, os.path.dirname(__file__))
import boards  # noqa: E402


def crops_of(img, centres, step, placement, rng, jitter=True):
    arr = np.asarray(img.convert("RGB")).astype(np.float32)
    xs, ys = [], []
    for idx, (cx, cy) in enumerate(centres):
        f, r = idx % 9, idx // 9
        label = boards.CLASSES.index(placement.get((f, r), "."))
        if jitter:
            cx += rng.uniform(-0.07, 0.07) * step
            cy += rng.uniform(-0.07, 0.07) * step
            span = boards.CROP_SPAN * step * rng.uniform(0.92, 1.08)
        else:
            span = boards.CROP_SPAN * step
        xs.append(boards.crop(arr, cx, cy, span))
        ys.append(label)
    return xs, ys


def synthetic(n, seed, photos=0.0):
    rng = random.Random(seed)
    X, Y = [], []
    for _ in range(n):
        placement = boards.random_placement(rng)
        img, centres, step = boards.render(placement, rng)
        if rng.random() < photos:
            # a phone's photo of the board, straightened again as the reader does
            screen = rng.random() < 0.5
            img, centres, step = boards.photograph(img, centres, step, rng, screen=screen)
            buf = io.BytesIO()
            img.save(buf, "JPEG", quality=rng.randint(45, 85))
            img = Image.open(io.BytesIO(buf.getvalue())).convert("RGB")
            img, centres, step = boards.straighten(img, centres, rng)
        else:
            img, centres = boards.degrade(img, centres, rng)
        x, y = crops_of(img, centres, step, placement, rng)
        X += x
        Y += y
    return np.stack(X).astype(np.float16), np.array(Y, dtype=np.int32)


def from_qipu(binary, n, seed):
    """Crops from Qipu's own diagram painter (`qipu diagram`): the grid origin at 1.05 point
    distances from the corner and 10.1 distances across (src/export/board_painter.rs)."""

    rng = random.Random(seed)
    X, Y = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(n):
            placement = boards.random_placement(rng)
            placement = {p: c for p, c in placement.items() if c not in "Kk"}
            placement[(rng.randint(3, 5), rng.randint(7, 9))] = "K"
            placement[(rng.randint(3, 5), rng.randint(0, 2))] = "k"
            fen = boards.placement_fen(placement) + " w - - 0 1"
            size = rng.randint(180, 400) if rng.random() < 0.5 else rng.randint(400, 800)
            out = os.path.join(tmp, f"{i}.png")
            res = subprocess.run([binary, "diagram", "--fen", fen, "--size", str(size), "-o", out], capture_output=True)
            if res.returncode != 0:
                continue
            img = Image.open(out).convert("RGB")
            step = img.size[0] / 10.1
            centres = [((1.05 + f) * step, (1.05 + r) * step) for r in range(10) for f in range(9)]
            img, centres = boards.degrade(img, centres, rng, strength=0.5)
            x, y = crops_of(img, centres, step, placement, rng)
            X += x
            Y += y
    if not X:
        return None
    return np.stack(X).astype(np.float16), np.array(Y, dtype=np.int32)


def init_params(key, widths=(16, 32, 64, 96)):
    """The network's weights: its three convolutions and its first dense layer `widths` wide."""
    import jax

    def conv(key, cin, cout):
        w = jax.random.normal(key, (cout, cin, 3, 3)) * np.sqrt(2.0 / (cin * 9))
        return {"w": w, "b": np.zeros(cout, np.float32)}

    def dense(key, cin, cout):
        w = jax.random.normal(key, (cin, cout)) * np.sqrt(2.0 / cin)
        return {"w": w, "b": np.zeros(cout, np.float32)}

    k = jax.random.split(key, 5)
    a, b, c, d = widths
    return {
        "c1": conv(k[0], 3, a),
        "c2": conv(k[1], a, b),
        "c3": conv(k[2], b, c),
        "d1": dense(k[3], c * 4 * 4, d),
        "d2": dense(k[4], d, len(boards.CLASSES)),
    }


def forward(params, x):
    """x: N x 3 x 32 x 32, values in -0.5..0.5. Same graph as the ONNX written below."""
    import jax
    import jax.numpy as jnp

    def conv(p, x):
        y = jax.lax.conv_general_dilated(x, p["w"], (1, 1), "SAME", dimension_numbers=("NCHW", "OIHW", "NCHW"))
        return jax.nn.relu(y + p["b"][None, :, None, None])

    def pool(x):
        return jax.lax.reduce_window(x, -jnp.inf, jax.lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")

    x = pool(conv(params["c1"], x))
    x = pool(conv(params["c2"], x))
    x = pool(conv(params["c3"], x))
    x = x.reshape(x.shape[0], -1)
    x = jax.nn.relu(x @ params["d1"]["w"] + params["d1"]["b"])
    return x @ params["d2"]["w"] + params["d2"]["b"]


def export_onnx(params, path, temperature=1.0):
    """The network as ONNX, its last layer divided by `temperature` (softer probabilities, for
    the reader's doubt thresholds: src/recognise/mod.rs, SURE and FAINT)."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    p = {k: {n: np.asarray(v, np.float32) for n, v in d.items()} for k, d in params.items()}
    p["d2"] = {n: v / temperature for n, v in p["d2"].items()}
    inits, nodes = [], []

    def add(name, arr):
        inits.append(numpy_helper.from_array(arr.astype(np.float32), name))

    x = "crops"
    for i, name in enumerate(["c1", "c2", "c3"]):
        add(f"{name}_w", p[name]["w"])
        add(f"{name}_b", p[name]["b"])
        nodes.append(helper.make_node("Conv", [x, f"{name}_w", f"{name}_b"], [f"{name}_y"], pads=[1, 1, 1, 1], kernel_shape=[3, 3]))
        nodes.append(helper.make_node("Relu", [f"{name}_y"], [f"{name}_r"]))
        nodes.append(helper.make_node("MaxPool", [f"{name}_r"], [f"{name}_p"], kernel_shape=[2, 2], strides=[2, 2]))
        x = f"{name}_p"
    nodes.append(helper.make_node("Flatten", [x], ["flat"], axis=1))
    add("d1_w", p["d1"]["w"])
    add("d1_b", p["d1"]["b"])
    nodes.append(helper.make_node("Gemm", ["flat", "d1_w", "d1_b"], ["d1_y"]))
    nodes.append(helper.make_node("Relu", ["d1_y"], ["d1_r"]))
    add("d2_w", p["d2"]["w"])
    add("d2_b", p["d2"]["b"])
    nodes.append(helper.make_node("Gemm", ["d1_r", "d2_w", "d2_b"], ["logits"]))
    nodes.append(helper.make_node("Softmax", ["logits"], ["probs"], axis=1))
    graph = helper.make_graph(
        nodes,
        "qipu_pieces",
        [helper.make_tensor_value_info("crops", TensorProto.FLOAT, ["n", 3, boards.CROP, boards.CROP])],
        [helper.make_tensor_value_info("probs", TensorProto.FLOAT, ["n", len(boards.CLASSES)])],
        inits,
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="qipu tools/recognise/train.py")
    model.ir_version = 8
    onnx.checker.check_model(model)
    onnx.save(model, path)


def make_crops(args):
    from multiprocessing import Pool

    with Pool(2) as pool:
        parts = pool.starmap(synthetic, [(args.boards // 2, args.seed * 1000 + i, args.photos) for i in range(2)])
    X = np.concatenate([p[0] for p in parts])
    Y = np.concatenate([p[1] for p in parts])
    if args.qipu:
        q = from_qipu(args.qipu, args.qipu_boards, args.seed + 7)
        if q is not None:
            X = np.concatenate([X, q[0]])
            Y = np.concatenate([Y, q[1]])
    return X, Y


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--boards", type=int, default=2000)
    ap.add_argument("--qipu-boards", type=int, default=150)
    ap.add_argument("--photos", type=float, default=0.2, help="share of the boards photographed (boards.photograph)")
    ap.add_argument("--qipu", help="the qipu binary, for crops of its own diagrams")
    ap.add_argument("--epochs", type=int, default=12)
    ap.add_argument("--temperature", type=float, default=2.0, help="the last layer divided by it: a network trained this long is too sure of itself")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--widths", default="16,32,64,96", help="the widths of the three convolutions and the first dense layer")
    ap.add_argument("--out", default="assets/recognise/pieces.onnx")
    ap.add_argument("--cache", help="an .npz the crops are kept in (made if missing)")
    ap.add_argument("--empty-share", type=float, default=0.4, help="most of the crops empty points may be")
    args = ap.parse_args()

    t0 = time.time()
    if args.cache and os.path.exists(args.cache):
        data = np.load(args.cache)
        X, Y = data["X"], data["Y"]
    else:
        X, Y = make_crops(args)
        if args.cache:
            np.savez(args.cache, X=X, Y=Y)
    # most points are empty: keep only some of them
    rng = np.random.default_rng(args.seed)
    empty = np.flatnonzero(Y == 0)
    pieces = np.flatnonzero(Y != 0)
    keep = int(len(pieces) * args.empty_share / (1 - args.empty_share))
    chosen = np.concatenate([pieces, rng.permutation(empty)[:keep]])
    X, Y = X[chosen], Y[chosen]
    print(f"{len(X)} crops in {time.time() - t0:.0f} s; per class {np.bincount(Y, minlength=15).tolist()}", flush=True)

    import jax
    import jax.numpy as jnp
    import optax

    X = X.transpose(0, 3, 1, 2)
    order = rng.permutation(len(X))
    n_val = min(4000, len(X) // 10)
    val, train = order[:n_val], order[n_val:]

    params = init_params(jax.random.PRNGKey(args.seed), tuple(int(w) for w in args.widths.split(",")))
    batch = 128
    steps = args.epochs * (len(train) // batch)
    sched = optax.cosine_decay_schedule(3e-3, steps)
    opt = optax.adamw(sched, weight_decay=1e-4)
    state = opt.init(params)
    # empty points are most of the crops: weight pieces up a little
    counts = np.bincount(Y[train], minlength=15).astype(np.float32)
    weights = jnp.asarray(np.clip((counts.sum() / 15 / np.maximum(counts, 1)) ** 0.5, 0.3, 3.0))

    def loss_fn(params, x, y):
        logits = forward(params, x)
        ce = optax.softmax_cross_entropy_with_integer_labels(logits, y)
        return jnp.mean(ce * weights[y])

    @jax.jit
    def step(params, state, x, y):
        loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state, loss

    @jax.jit
    def predict(params, x):
        return jnp.argmax(forward(params, x), axis=1)

    def prep(idx, augment):
        x = X[idx].astype(np.float32)
        if augment:
            n = len(idx)
            gain = rng.uniform(0.8, 1.2, (n, 1, 1, 1)).astype(np.float32)
            bias = rng.uniform(-0.1, 0.1, (n, 1, 1, 1)).astype(np.float32)
            x = x * gain + bias
        return jnp.asarray(np.clip(x, 0, 1) - 0.5)

    for epoch in range(args.epochs):
        rng.shuffle(train)
        losses = []
        for b in range(len(train) // batch):
            idx = train[b * batch:(b + 1) * batch]
            params, state, loss = step(params, state, prep(idx, True), jnp.asarray(Y[idx]))
            losses.append(float(loss))
        pred = np.concatenate([np.asarray(predict(params, prep(val[i:i + 1000], False))) for i in range(0, len(val), 1000)])
        acc = float(np.mean(pred == Y[val]))
        print(f"epoch {epoch + 1}: loss {np.mean(losses):.4f}, validation {acc * 100:.2f}% ({time.time() - t0:.0f} s)", flush=True)
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
        export_onnx(params, args.out, args.temperature)
    print(f"wrote {args.out} ({os.path.getsize(args.out)} bytes) in {time.time() - t0:.0f} s")


if __name__ == "__main__":
    main()
