/**
 * Two gaps of happy-dom that DOMPurify runs into, closed for tests so they can run the real
 * DOMPurify (browsers behave like this already). Import this first in a test file that needs it.
 *
 * 1. happy-dom defines `nodeName` as a getter on each node class (Element, Text ...) and a base one
 *    on Node.prototype that answers ''. DOMPurify reads the Node.prototype getter (so a clobbered
 *    `nodeName` cannot fool it), which makes every element nameless: nothing passes the allowlist.
 * 2. happy-dom's NodeIterator loses its place when the node it returned last is removed, so after
 *    DOMPurify removes a <script> the following nodes are never visited (an <img onerror> after it
 *    would survive). The replacement walks a snapshot of the tree taken when it is created and
 *    skips nodes that are no longer inside the root, which visits what a spec NodeIterator visits
 *    for DOMPurify's edits (it only removes the current node or moves its children up).
 *
 * Without this, the sanitizer's self-check (src/lib/sanitize.ts) notices the broken results and
 * falls back to plain text, which is safe but not what a browser shows.
 */
const baseNodeName = Object.getOwnPropertyDescriptor(Node.prototype, 'nodeName')?.get;

if (baseNodeName) {
  Object.defineProperty(Node.prototype, 'nodeName', {
    configurable: true,
    get(this: Node) {
      for (let proto = Object.getPrototypeOf(this); proto && proto !== Node.prototype; proto = Object.getPrototypeOf(proto)) {
        const own = Object.getOwnPropertyDescriptor(proto, 'nodeName')?.get;
        if (own) return own.call(this);
      }
      return baseNodeName.call(this);
    },
  });
}

function snapshotIterator(root: Node, whatToShow = 0xffffffff): NodeIterator {
  const nodes: Node[] = [];
  const collect = (node: Node) => {
    if ((whatToShow >> (node.nodeType - 1)) & 1) nodes.push(node);
    for (let child = node.firstChild; child; child = child.nextSibling) collect(child);
  };
  collect(root);
  let index = 0;
  return {
    root,
    whatToShow,
    filter: null,
    referenceNode: root,
    pointerBeforeReferenceNode: true,
    nextNode() {
      while (index < nodes.length) {
        const node = nodes[index++]!;
        if (node === root || root.contains(node)) return node;
      }
      return null;
    },
    previousNode: () => null,
    detach: () => undefined,
  } as unknown as NodeIterator;
}

// Patched where the page's document finds it (happy-dom's window classes are per window).
let owner: object | null = document;
while (owner && !Object.prototype.hasOwnProperty.call(owner, 'createNodeIterator')) owner = Object.getPrototypeOf(owner);
Object.defineProperty(owner ?? Document.prototype, 'createNodeIterator', {
  configurable: true,
  writable: true,
  value: function createNodeIterator(root: Node, whatToShow?: number) {
    return snapshotIterator(root, whatToShow);
  },
});

export {};
