#!/usr/bin/env bash
# Builds assets/fonts/junqi-han.woff2: a subset of WenQuanYi Micro Hei (文泉驿微米黑, Debian
# package fonts-wqy-microhei, Apache-2.0) holding only the Chinese characters the app shows, so
# the page renders them on machines without any CJK font.
#
# Run it again after adding Chinese text to src/, index.html or style/ (a native test,
# tests/font_subset.rs, fails until you do). It needs fonts-wqy-microhei (apt) and installs
# fonttools + brotli from PyPI into .tools/venv (ignored by git).
set -euo pipefail
cd "$(dirname "$0")/.."

SOURCE_FONT=/usr/share/fonts/truetype/wqy/wqy-microhei.ttc
OUT=assets/fonts/junqi-han.woff2
CHARS=assets/fonts/junqi-han.txt
FONTTOOLS_VERSION=4.68.0
BROTLI_VERSION=1.2.1

if [ ! -f "$SOURCE_FONT" ]; then
  echo "missing $SOURCE_FONT: apt-get install fonts-wqy-microhei" >&2
  exit 1
fi
VENV=.tools/venv
if ! "$VENV/bin/pyftsubset" --help >/dev/null 2>&1; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install --quiet "fonttools==$FONTTOOLS_VERSION" "brotli==$BROTLI_VERSION"
fi

# Characters every screen of the game is likely to need (piece names, board and mode terms,
# common UI words), plus whatever CJK text the sources contain.
"$VENV/bin/python" - "$CHARS" <<'PY'
import pathlib, sys

base = (
    "军棋陆战 司令军长师旅团营连排工兵炸弹地雷旗 大本营行站铁路公山界 红黑方 "
    "明暗翻 布阵开始新局重来认输提和悔步走胜负平局先后手你我电脑玩家对手设置规则帮助"
    "选择确定取消完成保存读取随机交换阵亡亮被吃掉碰撞同归于尽时间计超限无可动"
    "，。、：；！？（）「」《》·—…"
)
chars = {c for c in base if not c.isspace()}
roots = [
    pathlib.Path("src"),
    pathlib.Path("style"),
    pathlib.Path("index.html"),
    pathlib.Path("crates/junqi-learn/data/course.json"),
]
for root in roots:
    files = [root] if root.is_file() else sorted(p for p in root.rglob("*") if p.is_file())
    for f in files:
        try:
            text = f.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue
        chars.update(c for c in text if ord(c) >= 0x2E80)
out = pathlib.Path(sys.argv[1])
out.write_text("".join(sorted(chars)) + "\n", encoding="utf-8")
print(f"{len(chars)} characters -> {out}")
PY

# --font-number=0: WenQuanYi Micro Hei (1 is the Mono face). Names are kept so the browser
# reports the family; hinting is dropped (the browser does not need it at these sizes).
"$VENV/bin/pyftsubset" "$SOURCE_FONT" \
  --font-number=0 \
  --text-file="$CHARS" \
  --flavor=woff2 \
  --no-hinting \
  --desubroutinize \
  --name-IDs='*' \
  --output-file="$OUT"
echo "wrote $OUT ($(wc -c <"$OUT") bytes)"
