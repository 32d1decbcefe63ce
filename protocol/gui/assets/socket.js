// socket.js — owns the WebSocket to the server (`ws://HOST/ws`, same host as the page):
// JSON in and out, one object per text frame, and the open/close notifications.

/** Opens the socket; returns {send(obj)}. Messages sent before it opens are queued. */
export function connect({ onMessage, onOpen, onClose }) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}/ws`);
  const queue = [];
  let open = false;
  ws.addEventListener("open", () => {
    open = true;
    for (const text of queue.splice(0)) ws.send(text);
    onOpen?.();
  });
  ws.addEventListener("message", (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      console.warn("escalade: not JSON", ev.data);
      return;
    }
    if (msg && typeof msg === "object") onMessage(msg);
  });
  ws.addEventListener("close", () => {
    open = false;
    onClose?.();
  });
  return {
    send(obj) {
      const text = JSON.stringify(obj);
      if (open) ws.send(text);
      else if (ws.readyState === WebSocket.CONNECTING) queue.push(text);
    },
  };
}
