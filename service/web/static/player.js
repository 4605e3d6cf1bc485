// Plays an optimal path (a /path answer) one state per tick; pause, resume, single steps.

export class Player {
  constructor(onStep) {
    this.onStep = onStep;  // called with (index, answer) whenever the shown step changes
    this.answer = null;
    this.index = 0;
    this.timer = null;
    this.delay = 350;
  }

  get loaded() { return this.answer !== null; }
  get playing() { return this.timer !== null; }
  get last() { return this.loaded ? this.answer.path.length - 1 : 0; }
  get atEnd() { return this.loaded && this.index === this.last; }

  start(answer) {
    this.stop();
    this.answer = answer;
    this.index = 0;
    this.resume();
    if (this.playing) this.onStep(0, answer);
  }

  resume() {
    if (!this.loaded || this.playing) return;
    if (this.atEnd) return this.onStep(this.index, this.answer);
    this.timer = setInterval(() => this.tick(), this.delay);
  }

  tick() {
    this.index += 1;
    if (this.atEnd) {
      clearInterval(this.timer);
      this.timer = null;
    }
    this.onStep(this.index, this.answer);
  }

  pause() {
    if (!this.playing) return;
    clearInterval(this.timer);
    this.timer = null;
    this.onStep(this.index, this.answer);
  }

  step(by) {
    if (!this.loaded) return;
    clearInterval(this.timer);
    this.timer = null;
    this.index = Math.min(Math.max(this.index + by, 0), this.last);
    this.onStep(this.index, this.answer);
  }

  jump(index) {
    this.step(index - this.index);
  }

  setDelay(ms) {
    this.delay = ms;
    if (!this.playing) return;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), ms);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
    this.answer = null;
  }
}
