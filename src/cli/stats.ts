/** Progress bar and timing summary on stderr. */

/** The value below which `fraction` of the sorted values fall (nearest rank). */
export function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))];
}

/** CPU time of this process, all its threads, in seconds. */
function cpuSeconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
}

export interface TimingSummary {
  add(ms: number, parseMs: number, compareMs: number): void;
  line(): string;
}

export function timingSummary(now: () => number = () => performance.now()): TimingSummary {
  const started = now();
  const cpuStart = cpuSeconds();
  const times: number[] = [];
  let parse = 0;
  let compare = 0;
  return {
    add(ms, parseMs, compareMs) {
      times.push(ms);
      parse += parseMs;
      compare += compareMs;
    },
    line() {
      const sorted = [...times].sort((a, b) => a - b);
      const wall = (now() - started) / 1000;
      const peakMb = Math.round(process.resourceUsage().maxRSS / 1024);
      const ms = (value: number) => `${Math.round(value * 10) / 10} ms`;
      return (
        `timing: ${times.length} commit(s) in ${wall.toFixed(2)} s (${(times.length / Math.max(wall, 1e-9)).toFixed(1)}/s); ` +
        `per commit median ${ms(percentile(sorted, 0.5))}, p90 ${ms(percentile(sorted, 0.9))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? 0)}; ` +
        `parse ${ms(parse)}, compare ${ms(compare)}; cpu ${(cpuSeconds() - cpuStart).toFixed(2)} s; peak memory ${peakMb} MB`
      );
    },
  };
}

/** A one-line progress bar redrawn in place on a terminal; a line every 10% otherwise. */
export interface ProgressBar {
  update(done: number, total: number): void;
  /** Wipes the bar (on a terminal) so that a line of output can be written. */
  clear(): void;
  end(): void;
}

export function progressBar(write: (text: string) => void, isTty: boolean): ProgressBar {
  let lastTenth = -1;
  let drawn = false;
  return {
    update(done, total) {
      const fraction = total === 0 ? 1 : done / total;
      if (isTty) {
        const width = 30;
        const filled = Math.round(fraction * width);
        write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} commits`);
        drawn = true;
      } else if (Math.floor(fraction * 10) > lastTenth) {
        lastTenth = Math.floor(fraction * 10);
        write(`progress: ${done}/${total} commits\n`);
      }
    },
    clear() {
      if (drawn) write('\r\x1b[K');
      drawn = false;
    },
    end() {
      if (drawn) write('\n');
    },
  };
}
