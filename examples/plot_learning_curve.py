"""Plot the learning curve that ``train_gin_maskable_ppo.py`` wrote (``curve.csv``) to a PNG.

Two panels over training steps: the mean training points per hand (the point difference, over the
last hands the trainer averaged), and the greedy policy's evaluation margin against each evaluated
level with its 95% confidence interval. A run with a warm start (``--imitate``: its CSV has a
``phase`` column) is drawn over wall-clock minutes instead, the imitation rounds shaded, since they
take time but no PPO steps.

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
    phased = "phase" in rows[0]

    def x_of(r: dict[str, str]) -> float:
        return float(r["seconds"]) / 60 if phased else int(r["timesteps"])

    xlabel = "wall-clock minutes (shaded: imitation)" if phased else "environment steps"
    fig, (ax_train, ax_eval) = plt.subplots(1, 2, figsize=(11, 4.2), dpi=110)
    train = [(x_of(r), float(r["train_points"])) for r in rows if r["train_points"]]
    if train:
        ax_train.plot(*zip(*train), color="tab:blue", lw=1.2)
    ax_train.axhline(0, color="grey", lw=0.6)
    ax_train.set(title="training hands (moving mean)", xlabel=xlabel,
                 ylabel="point difference per hand")
    for opp, color in zip(opponents, ["tab:green", "tab:red", "tab:purple", "tab:orange", "tab:brown"]):
        pts: list[tuple[float, float, float]] = [
            (x_of(r), float(r[f"eval_{opp}"]), float(r[f"eval_{opp}_ci"])) for r in rows if r[f"eval_{opp}"]]
        if not pts:
            continue
        x, y, ci = (list(v) for v in zip(*pts))
        ax_eval.plot(x, y, marker="o", ms=3, color=color, label=f"vs {opp}")
        ax_eval.fill_between(x, [a - b for a, b in zip(y, ci)], [a + b for a, b in zip(y, ci)], color=color, alpha=0.15)
    ax_eval.axhline(0, color="grey", lw=0.6)
    ax_eval.set(title="greedy policy, fixed evaluation deals (95% CI)", xlabel=xlabel,
                ylabel="point difference per hand")
    if opponents:
        ax_eval.legend()
    imitation_end = max((x_of(r) for r in rows if r.get("phase") == "imitate"), default=None)
    for ax in (ax_train, ax_eval):
        if imitation_end is not None:
            ax.axvspan(0, imitation_end, color="grey", alpha=0.12, lw=0)
        else:
            ax.ticklabel_format(axis="x", style="sci", scilimits=(0, 0))
        ax.grid(alpha=0.3)
    last: dict[str, Any] = rows[-1]
    warm = f"{imitation_end:.0f} min imitation + " if imitation_end is not None else ""
    fig.suptitle(f"{title}: {warm}{int(last['timesteps']):,} PPO steps, {int(last['hands']):,} hands, "
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
    parser.add_argument("--env", default="cardtable/GinRummy-v0",
                        help="the environment trained on, for the title (default: cardtable/GinRummy-v0)")
    args = parser.parse_args(argv)
    return plot(read_curve(args.csv), args.png, title=f"MaskablePPO on {args.env}")


if __name__ == "__main__":
    print(main())
