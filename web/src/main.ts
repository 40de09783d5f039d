/** The page: wires the connection to the output pane, the input line and the panels. */
import '@fontsource/cinzel/latin-600.css';
import '@fontsource/alegreya-sans/latin-400.css';
import '@fontsource/alegreya-sans/latin-700.css';
import '@fontsource/ibm-plex-mono/latin-400.css';
import '@fontsource/ibm-plex-mono/latin-600.css';
import './page.css';
import './marks.css';
import './panels.css';
import './panel-parts.css';
import type { ServerMessage } from '../../src/web/messages.js';
import { CommandLine } from './command-line.js';
import { applyGmcp, emptyState, timeLeft } from './gmcp.js';
import { Link, socketUrl } from './link.js';
import { OutputPane } from './output.js';
import { renderPanels } from './panels.js';
import { Resumer, tabStorage } from './resume.js';
import { PanelsStrip } from './strip.js';

const $ = <T extends HTMLElement>(selector: string) => document.querySelector<T>(selector)!;

const output = new OutputPane($('#output'), $<HTMLButtonElement>('#more-below'));
const status = $('#status');
const banner = $('#banner');
const bannerText = $('#banner-text');
const reconnect = $<HTMLButtonElement>('#reconnect');
const panels = $('#panels');
const strip = new PanelsStrip($<HTMLButtonElement>('#panels-strip'), () => drawPanels());
let state = emptyState();
const resumer = new Resumer(tabStorage());

const commandLine = new CommandLine($<HTMLFormElement>('#command'), $<HTMLInputElement>('#line'), $('#prompt'), {
  line(text, echo) {
    if (!link.open) {
      output.notice('Not connected: connecting again. Send the line once the greeting is back.');
      link.connect();
      return;
    }
    link.send({ type: 'line', text });
    if (echo !== null) output.echo(echo);
  },
  page: (direction) => output.page(direction),
});

const link = new Link(socketUrl(window.location), {
  open() {
    state = emptyState();
    commandLine.setSecret(false);
    setStatus('connected', 'Connected');
    banner.hidden = true;
    drawPanels();
    // Back after a drop: the session first, before anything typed (the server answers in order).
    const resume = resumer.opened();
    if (resume) {
      link.send(resume);
      setStatus('resuming', 'Resuming');
    }
  },
  message: receive,
  down(retryInMs) {
    commandLine.setSecret(false);
    if (retryInMs === null) {
      setStatus('closed', 'Disconnected');
      showBanner('The connection is closed. Press Enter in the command line, or the button, to come back.', 'Connect again');
    } else {
      setStatus('lost', 'Reconnecting');
      const back = resumer.holding ? ' You will be back where you were, without your password, if it returns within 2 minutes.' : '';
      showBanner(`The connection was lost. Trying again in ${Math.round(retryInMs / 1000)} s.${back}`, 'Reconnect now');
    }
  },
});

function receive(message: ServerMessage): void {
  if (resumer.hold(message)) return;
  switch (message.type) {
    case 'text':
      output.text(message.text);
      break;
    case 'prompt':
      commandLine.setPrompt(message.text);
      break;
    case 'input':
      commandLine.setSecret(message.hidden);
      break;
    case 'gmcp':
      if (applyGmcp(state, message.package, message.data, Date.now())) drawPanels();
      break;
    case 'close':
      resumer.ended();
      if (message.text) output.text(message.text);
      break;
    case 'resume-token':
      if (resumer.tokenGiven(message.token)) {
        setStatus('connected', 'Connected');
        output.notice('Reconnected: your session goes on.');
      }
      break;
    case 'resume-refused':
      // Not the session after all: why, then the greeting the server sent meanwhile.
      setStatus('connected', 'Connected');
      output.notice(message.reason);
      for (const held of resumer.refused()) receive(held);
      break;
  }
}

function drawPanels(): void {
  const now = Date.now();
  strip.draw(state, now);
  renderPanels(panels, state, now, {
    send(line, byPointer) {
      if (link.send({ type: 'line', text: line })) output.echo(line);
      // After a click the typing goes on in the command line; keyboard users stay where they are.
      if (byPointer) commandLine.focus();
    },
  });
}

function setStatus(kind: string, text: string): void {
  status.dataset.state = kind;
  status.textContent = text;
}

function showBanner(text: string, button: string): void {
  bannerText.textContent = text;
  reconnect.textContent = button;
  banner.hidden = false;
}

reconnect.addEventListener('click', () => link.connect());
// Countdowns move once a second while any table has a deadline.
window.setInterval(() => {
  const now = Date.now();
  if ([...state.tables.values()].some((t) => timeLeft(t, now) !== null)) drawPanels();
}, 1000);

drawPanels();
link.connect();
commandLine.focus();
