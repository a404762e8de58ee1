#!/usr/bin/env python3
"""An OpenAI-compatible transcription sidecar for `TRANSCRIBER=http`: POST /v1/audio/transcriptions with a
multipart `file` (the WAV of one utterance that the http transcriber sends), `model`, `language`, `prompt` (the
squad's names, read as preceding text) and `response_format` (json, text or verbose_json); answers {"text": ...}. faster-whisper (CTranslate2, int8 on
CPU) with the verified weights that install_weights.py assembled; no network at run time (local files only,
the model's SHA-256 checked against the published one before it is loaded).

  TOUCHLINE_WHISPER_MODEL=~/.cache/touchline/transcribers/whisper-base \
  TOUCHLINE_WHISPER_WORKERS=2 TOUCHLINE_WHISPER_THREADS=1 python server.py --host 127.0.0.1 --port 9000

TOUCHLINE_WHISPER_WORKERS passes at once (faster-whisper's workers, one model in memory), each on
TOUCHLINE_WHISPER_THREADS threads; further requests queue. A Whisper pass keeps a second thread of its own busy for
only part of its time (beam search over small matrices), so on 2 cores two passes of one thread each transcribe more
per second than one pass of two threads (docs/benchmarks.md, bench:analysis).
"""
import argparse
import email.parser
import email.policy
import io
import json
import os
import sys
import threading
import wave
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from verify_weights import PUBLISHED_SHA256, sha256  # noqa: E402

MAX_BODY = 50 * 1024 * 1024
RATE = 16000


def load_model(model_dir: Path, threads: int, workers: int):
    expected = {p['model.bin'] for p in PUBLISHED_SHA256.values()}
    digest = sha256(model_dir / 'model.bin')
    if digest not in expected:
        raise SystemExit(f'{model_dir}/model.bin ({digest}) is not a verified model; run install_weights.py')
    from faster_whisper import WhisperModel
    model = WhisperModel(str(model_dir), device='cpu', compute_type='int8', cpu_threads=threads, num_workers=workers,
                         local_files_only=True)
    return model


def pcm_of_wav(data: bytes):
    with wave.open(io.BytesIO(data)) as w:
        channels, width, rate = w.getnchannels(), w.getsampwidth(), w.getframerate()
        frames = w.readframes(w.getnframes())
    if width != 2:
        raise ValueError('16-bit PCM WAV expected')
    audio = np.frombuffer(frames, dtype='<i2').astype('float32') / 32768.0
    if channels > 1:
        audio = audio.reshape(-1, channels).mean(axis=1)
    if rate != RATE:
        # The product sends 16 kHz; anything else is resampled linearly.
        n = int(round(len(audio) * RATE / rate))
        audio = np.interp(np.linspace(0, len(audio), n, endpoint=False), np.arange(len(audio)), audio).astype('float32')
    return audio


class Handler(BaseHTTPRequestHandler):
    model = None
    passes = threading.BoundedSemaphore(1)
    protocol_version = 'HTTP/1.1'

    def reply(self, status, body, kind='application/json'):
        data = body.encode() if isinstance(body, str) else json.dumps(body).encode()
        self.send_response(status)
        self.send_header('Content-Type', kind)
        self.send_header('Content-Length', str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):  # noqa: N802
        if self.path in ('/health', '/v1/models'):
            return self.reply(200, {'object': 'list', 'data': [{'id': 'whisper-1', 'object': 'model'}]})
        self.reply(404, {'error': {'message': 'not found'}})

    def do_POST(self):  # noqa: N802
        if self.path.rstrip('/') != '/v1/audio/transcriptions':
            return self.reply(404, {'error': {'message': 'not found'}})
        length = int(self.headers.get('Content-Length') or 0)
        if not 0 < length <= MAX_BODY:
            return self.reply(413, {'error': {'message': 'body missing or too large'}})
        body = self.rfile.read(length)
        message = email.parser.BytesParser(policy=email.policy.HTTP).parsebytes(
            b'Content-Type: ' + self.headers.get('Content-Type', '').encode() + b'\r\n\r\n' + body)
        fields, audio, granularities = {}, None, set()
        for part in message.iter_parts() if message.is_multipart() else []:
            name = part.get_param('name', header='content-disposition')
            if name == 'file':
                audio = part.get_payload(decode=True)
            elif name == 'timestamp_granularities[]':
                granularities.add(part.get_content().strip())
            elif name:
                fields[name] = part.get_content().strip() if part.get_content_maintype() == 'text' else ''
        if audio is None:
            return self.reply(400, {'error': {'message': 'multipart field "file" is required'}})
        try:
            pcm = pcm_of_wav(audio)
        except Exception as error:  # noqa: BLE001 - the client is told
            return self.reply(400, {'error': {'message': f'unreadable WAV: {error}'}})
        language = fields.get('language') or 'en'
        fmt = fields.get('response_format') or 'json'
        # Word times (verbose_json with timestamp_granularities[]=word) let a client send several utterances joined
        # in one request, one Whisper pass instead of one each, and give each its words back.
        words = fmt == 'verbose_json' and 'word' in granularities
        with self.passes:
            segments, info = self.model.transcribe(pcm, language=language, task='transcribe', beam_size=5,
                                                   vad_filter=False, condition_on_previous_text=False,
                                                   without_timestamps=not words, word_timestamps=words,
                                                   initial_prompt=fields.get('prompt') or None)
            segments = list(segments)
        text = ' '.join(s.text.strip() for s in segments).strip()
        if fmt == 'text':
            return self.reply(200, text, 'text/plain; charset=utf-8')
        if fmt == 'verbose_json':
            answer = {'task': 'transcribe', 'language': info.language, 'duration': len(pcm) / RATE, 'text': text,
                      'segments': [{'id': i, 'start': s.start, 'end': s.end, 'text': s.text, 'avg_logprob': s.avg_logprob,
                                    'no_speech_prob': s.no_speech_prob} for i, s in enumerate(segments)]}
            if words:
                answer['words'] = [{'word': w.word.strip(), 'start': w.start, 'end': w.end, 'probability': w.probability}
                                   for s in segments for w in s.words or []]
            return self.reply(200, answer)
        return self.reply(200, {'text': text})

    def log_message(self, fmt, *args):
        pass


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--host', default='127.0.0.1')
    ap.add_argument('--port', type=int, default=9000)
    ap.add_argument('--exit-with-stdin', action='store_true',
                    help='quit when stdin closes (the launcher that started this process ended, however it ended)')
    a = ap.parse_args()
    if a.exit_with_stdin:
        threading.Thread(target=lambda: (sys.stdin.buffer.read(), os._exit(0)), daemon=True).start()
    model_dir = Path(os.environ.get('TOUCHLINE_WHISPER_MODEL', Path.home() / '.cache/touchline/transcribers/whisper-base')).expanduser()
    workers = max(1, int(os.environ.get('TOUCHLINE_WHISPER_WORKERS', '2')))
    threads = max(1, int(os.environ.get('TOUCHLINE_WHISPER_THREADS', '1')))
    Handler.model = load_model(model_dir, threads, workers)
    Handler.passes = threading.BoundedSemaphore(workers)
    print(f'listening on {a.host}:{a.port} with {model_dir}: {workers} passes at once, {threads} threads each', flush=True)
    server = ThreadingHTTPServer((a.host, a.port), Handler)
    server.daemon_threads = True
    server.serve_forever()


if __name__ == '__main__':
    main()
