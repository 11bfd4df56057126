import { test } from 'node:test';
import assert from 'node:assert/strict';
import { followJob } from '../../main/resources/META-INF/resources/js/api.js';

/** An EventSource that sends what the test tells it to; the last one opened is `FakeEventSource.last`. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;

  constructor(url) {
    this.url = url;
    this.readyState = FakeEventSource.CONNECTING;
    this.listeners = {};
    FakeEventSource.last = this;
  }

  addEventListener(type, listener) {
    (this.listeners[type] ??= []).push(listener);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  send(type, job) {
    this.readyState = FakeEventSource.OPEN;
    (this.listeners[type] ?? []).forEach((listener) => listener({ data: JSON.stringify(job) }));
  }

  fail() {
    this.readyState = FakeEventSource.CLOSED;
    (this.listeners.error ?? []).forEach((listener) => listener({}));
  }
}

const queued = { id: 'j1', status: 'QUEUED' };
const running = { id: 'j1', status: 'RUNNING', progress: { bound: 40, nodes: 1000, elapsedMillis: 1000 } };
const done = { id: 'j1', status: 'DONE', result: { solvable: true, moves: 'r', length: 1 } };

test('a job is followed by its events, progress included, until its final status', async () => {
  globalThis.EventSource = FakeEventSource;
  const updates = [];
  const following = followJob(queued, (job) => updates.push(job.status), undefined);
  const source = FakeEventSource.last;
  assert.equal(source.url, '/api/v1/jobs/j1/events');
  source.send('status', running);
  source.send('progress', { ...running, progress: { bound: 42, nodes: 2000, elapsedMillis: 2000 } });
  source.send('status', done);

  assert.deepEqual(await following, done);
  assert.deepEqual(updates, ['RUNNING', 'RUNNING', 'DONE']);
  assert.equal(source.readyState, FakeEventSource.CLOSED, 'the stream is closed once the job has finished');
  delete globalThis.EventSource;
});

test('a stream that cannot be had falls back to long polling', async () => {
  globalThis.EventSource = FakeEventSource;
  const polled = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url) => {
    polled.push(url);
    return new Response(JSON.stringify(done), { headers: { 'Content-Type': 'application/json' } });
  };
  const following = followJob(queued, () => {}, undefined);
  FakeEventSource.last.fail();

  assert.deepEqual(await following, done);
  assert.equal(polled.length, 1);
  assert.match(polled[0], /^\/api\/v1\/jobs\/j1\?wait=\d+$/);
  delete globalThis.EventSource;
  globalThis.fetch = realFetch;
});

test('with an API key the job is long-polled, as an EventSource cannot send the key', async () => {
  globalThis.EventSource = FakeEventSource;
  FakeEventSource.last = undefined;
  globalThis.sessionStorage = { getItem: () => 'npz_123' };
  const sent = [];
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (url, options) => {
    sent.push({ url, authorization: options.headers.Authorization });
    return new Response(JSON.stringify(done), { headers: { 'Content-Type': 'application/json' } });
  };

  assert.deepEqual(await followJob(queued, () => {}, undefined), done);
  assert.equal(FakeEventSource.last, undefined, 'no event stream is opened');
  assert.equal(sent.length, 1);
  assert.equal(sent[0].authorization, 'Bearer npz_123');
  delete globalThis.EventSource;
  delete globalThis.sessionStorage;
  globalThis.fetch = realFetch;
});
