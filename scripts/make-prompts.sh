#!/usr/bin/env bash
# Synthesises the course's spoken goals as short recordings, for browsers and tablets that have
# no speech voice for the language (src/learn/speech.rs plays them instead). Run after changing
# a goal's sentence in src/i18n.rs (GOAL_*; a native test checks that every sentence below is
# the one shown) and commit assets/prompts/. Needs espeak-ng (apt install espeak-ng) and Python
# 3.11 or 3.12 (the standard library's audioop). The clips are 8-bit mono 11 025 Hz WAV, which
# every browser plays, trimmed of silence.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=assets/prompts
mkdir -p "$OUT"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

say() { # key lang text
  local voice speed
  case $2 in
    zh) voice=cmn; speed=175 ;;
    en) voice=en-us; speed=150 ;;
  esac
  espeak-ng -v "$voice" -s "$speed" -w "$tmp/$1-$2.wav" "$3"
  python3 - "$tmp/$1-$2.wav" "$OUT/$1-$2.wav" <<'PY'
import sys, wave, audioop
src, dst = sys.argv[1], sys.argv[2]
w = wave.open(src)
rate, width = w.getframerate(), w.getsampwidth()
data = w.readframes(w.getnframes())
n = len(data) // width
loud = lambda i: abs(audioop.getsample(data, width, i)) > 300
a, b = 0, n - 1
while a < n and not loud(a):
    a += 1
while b > a and not loud(b):
    b -= 1
pad = int(rate * 0.08)
data = data[max(0, a - pad) * width:min(n, b + pad) * width]
data, _ = audioop.ratecv(data, width, 1, rate, 11025, None)
data = audioop.bias(audioop.lin2lin(data, width, 1), 1, 128)  # 8-bit WAV is unsigned
o = wave.open(dst, 'wb')
o.setnchannels(1)
o.setsampwidth(1)
o.setframerate(11025)
o.writeframes(data)
o.close()
print(f"{dst}: {len(data) / 11025:.1f} s, {len(data) + 44} bytes")
PY
}

say remove zh "吃掉星星上的棋子"
say remove en "Take the piece on the star"
say reach zh "走到星星上"
say reach en "Move onto the star"
say flag zh "扛走对方的军旗"
say flag en "Capture the enemy flag"
say valid zh "换一换位置，把阵摆好"
say valid en "Swap pieces to set up your army"
say trade zh "碰掉星星上的棋子，两个一起没了"
say trade en "Knock out the piece on the star: both pieces go"
say tap zh "点一点说到的地方"
say tap en "Tap the point named"
