// The playback controls: wires the buttons to a Player and reflects its state (counter, moves, which
// buttons make sense now).

import { moveName } from './board.js';

/** Letters of the move list shown on each side of the current move; long solutions scroll through. */
const MOVES_WINDOW = 30;

export class PlayerView {
  constructor(root, player) {
    this.player = player;
    this.counter = root.querySelector('#move-counter');
    this.moves = root.querySelector('#moves');
    this.playLabel = root.querySelector('#play-label');
    this.buttons = {
      toStart: root.querySelector('#to-start'),
      back: root.querySelector('#step-back'),
      play: root.querySelector('#play'),
      forward: root.querySelector('#step-forward'),
      toEnd: root.querySelector('#to-end'),
    };
    this.buttons.toStart.addEventListener('click', () => player.toStart());
    this.buttons.back.addEventListener('click', () => player.back());
    this.buttons.play.addEventListener('click', () => player.toggle());
    this.buttons.forward.addEventListener('click', () => player.forward());
    this.buttons.toEnd.addEventListener('click', () => player.toEnd());
    const speed = root.querySelector('#speed');
    player.setSpeed(Number(speed.value));
    speed.addEventListener('change', () => player.setSpeed(Number(speed.value)));
  }

  render() {
    const { player } = this;
    const { toStart, back, play, forward, toEnd } = this.buttons;
    toStart.disabled = !player.loaded || player.atStart;
    back.disabled = !player.loaded || player.atStart;
    forward.disabled = !player.loaded || player.atEnd;
    toEnd.disabled = !player.loaded || player.atEnd;
    play.disabled = !player.loaded || player.length === 0;
    play.classList.toggle('playing', player.playing);
    this.playLabel.textContent = player.playing ? 'Pause' : 'Play';
    this.counter.textContent = counterText(player);
    this.counter.dataset.index = player.index;
    this.counter.dataset.length = player.length;
    // Read out steps taken by hand, not the stream of moves while playing.
    this.counter.setAttribute('aria-live', player.playing ? 'off' : 'polite');
    this.renderMoves();
  }

  renderMoves() {
    const { moves, index, loaded } = this.player;
    if (!loaded || moves.length === 0) {
      this.moves.replaceChildren();
      return;
    }
    const from = Math.max(0, index - MOVES_WINDOW);
    const to = Math.min(moves.length, index + MOVES_WINDOW);
    const done = document.createElement('span');
    done.className = 'done';
    done.textContent = (from > 0 ? '…' : '') + moves.slice(from, index);
    const ahead = document.createTextNode(moves.slice(index, to) + (to < moves.length ? '…' : ''));
    this.moves.replaceChildren(done, ahead);
  }
}

function counterText(player) {
  if (!player.loaded) {
    return 'No solution loaded yet.';
  }
  if (player.length === 0) {
    return 'The board is already at the goal.';
  }
  const last = player.lastMove ? `, the blank moved ${moveName(player.lastMove)}` : '';
  const end = player.atEnd ? ': goal reached' : '';
  return `Move ${player.index} of ${player.length}${last}${end}`;
}
