"""Plot the learning curve that ``train_gin_maskable_ppo.py`` wrote (``curve.csv``) to a PNG.

Two panels over training steps: the mean training points per hand (the point difference, over the
last hands the trainer averaged), and the greedy policy's evaluation margin against each evaluated
level with its 95% confidence interval.

    python examples/plot_learning_curve.py runs/gin_ppo/curve.csv docs/images/gin-ppo-learning-curve.png
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path
from typing import Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt


def read_curve(path: Path) -> list[dict[str, str]]:
    """The CSV rows; raises ``ValueError`` when the file is not a learning curve."""
    with path.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    if not rows or "timesteps" not in rows[0] or "train_points" not in rows[0]:
        raise ValueError(f"{path}: not a learning curve (expected the columns timesteps and train_points)")
    return rows


def plot(rows: list[dict[str, str]], out: Path, title: str = "MaskablePPO on cardtable/GinRummy-v0") -> Path:
    """Draw the two panels to ``out`` (PNG) and return it."""
    opponents = [c[len("eval_"):] for c in rows[0] if c.startswith("eval_") and not c.endswith("_ci")]
    fig, (ax_train, ax_eval) = plt.subplots(1, 2, figsize=(11, 4.2), dpi=110)
    train = [(int(r["timesteps"]), float(r["train_points"])) for r in rows if r["train_points"]]
    if train:
        ax_train.plot(*zip(*train), color="tab:blue", lw=1.2)
    ax_train.axhline(0, color="grey", lw=0.6)
    ax_train.set(title="training hands (moving mean)", xlabel="environment steps",
                 ylabel="point difference per hand")
    for opp, color in zip(opponents, ["tab:green", "tab:red", "tab:purple", "tab:orange", "tab:brown"]):
        pts: list[tuple[int, float, float]] = [
            (int(r["timesteps"]), float(r[f"eval_{opp}"]), float(r[f"eval_{opp}_ci"])) for r in rows if r[f"eval_{opp}"]]
        if not pts:
            continue
        x, y, ci = (list(v) for v in zip(*pts))
        ax_eval.plot(x, y, marker="o", ms=3, color=color, label=f"vs {opp}")
        ax_eval.fill_between(x, [a - b for a, b in zip(y, ci)], [a + b for a, b in zip(y, ci)], color=color, alpha=0.15)
    ax_eval.axhline(0, color="grey", lw=0.6)
    ax_eval.set(title="greedy policy, fixed evaluation deals (95% CI)", xlabel="environment steps",
                ylabel="point difference per hand")
    if opponents:
        ax_eval.legend()
    for ax in (ax_train, ax_eval):
        ax.ticklabel_format(axis="x", style="sci", scilimits=(0, 0))
        ax.grid(alpha=0.3)
    last: dict[str, Any] = rows[-1]
    fig.suptitle(f"{title}: {int(last['timesteps']):,} steps, {int(last['hands']):,} hands, "
                 f"{float(last['seconds']) / 60:.0f} min")
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out)
    plt.close(fig)
    return out


def main(argv: list[str] | None = None) -> Path:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("csv", type=Path, help="the curve.csv of a training run")
    parser.add_argument("png", type=Path, help="the image to write")
    args = parser.parse_args(argv)
    return plot(read_curve(args.csv), args.png)


if __name__ == "__main__":
    print(main())
