#!/usr/bin/env node
import { createRequire as __benchCreateRequire } from 'node:module';
const require = __benchCreateRequire(import.meta.url);
var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __commonJS = (cb, mod) => function __require2() {
  try {
    return mod || (0, cb[__getOwnPropNames(cb)[0]])((mod = { exports: {} }).exports, mod), mod.exports;
  } catch (e) {
    throw mod = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod, isNodeMode, target) => (target = mod != null ? __create(__getProtoOf(mod)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod || !mod.__esModule ? __defProp(target, "default", { value: mod, enumerable: true }) : target,
  mod
));

// node_modules/yaml/dist/nodes/identity.js
var require_identity = __commonJS({
  "node_modules/yaml/dist/nodes/identity.js"(exports) {
    "use strict";
    var ALIAS = /* @__PURE__ */ Symbol.for("yaml.alias");
    var DOC = /* @__PURE__ */ Symbol.for("yaml.document");
    var MAP = /* @__PURE__ */ Symbol.for("yaml.map");
    var PAIR = /* @__PURE__ */ Symbol.for("yaml.pair");
    var SCALAR2 = /* @__PURE__ */ Symbol.for("yaml.scalar");
    var SEQ = /* @__PURE__ */ Symbol.for("yaml.seq");
    var NODE_TYPE = /* @__PURE__ */ Symbol.for("yaml.node.type");
    var isAlias2 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === ALIAS;
    var isDocument = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === DOC;
    var isMap2 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === MAP;
    var isPair = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === PAIR;
    var isScalar3 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === SCALAR2;
    var isSeq2 = (node2) => !!node2 && typeof node2 === "object" && node2[NODE_TYPE] === SEQ;
    function isCollection(node2) {
      if (node2 && typeof node2 === "object")
        switch (node2[NODE_TYPE]) {
          case MAP:
          case SEQ:
            return true;
        }
      return false;
    }
    function isNode(node2) {
      if (node2 && typeof node2 === "object")
        switch (node2[NODE_TYPE]) {
          case ALIAS:
          case MAP:
          case SCALAR2:
          case SEQ:
            return true;
        }
      return false;
    }
    var hasAnchor = (node2) => (isScalar3(node2) || isCollection(node2)) && !!node2.anchor;
    exports.ALIAS = ALIAS;
    exports.DOC = DOC;
    exports.MAP = MAP;
    exports.NODE_TYPE = NODE_TYPE;
    exports.PAIR = PAIR;
    exports.SCALAR = SCALAR2;
    exports.SEQ = SEQ;
    exports.hasAnchor = hasAnchor;
    exports.isAlias = isAlias2;
    exports.isCollection = isCollection;
    exports.isDocument = isDocument;
    exports.isMap = isMap2;
    exports.isNode = isNode;
    exports.isPair = isPair;
    exports.isScalar = isScalar3;
    exports.isSeq = isSeq2;
  }
});

// node_modules/yaml/dist/visit.js
var require_visit = __commonJS({
  "node_modules/yaml/dist/visit.js"(exports) {
    "use strict";
    var identity = require_identity();
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove node");
    function visit(node2, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node2)) {
        const cd = visit_(null, node2.contents, visitor_, Object.freeze([node2]));
        if (cd === REMOVE)
          node2.contents = null;
      } else
        visit_(null, node2, visitor_, Object.freeze([]));
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    function visit_(key, node2, visitor, path12) {
      const ctrl = callVisitor(key, node2, visitor, path12);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path12, ctrl);
        return visit_(key, ctrl, visitor, path12);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node2)) {
          path12 = Object.freeze(path12.concat(node2));
          for (let i = 0; i < node2.items.length; ++i) {
            const ci = visit_(i, node2.items[i], visitor, path12);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node2.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node2)) {
          path12 = Object.freeze(path12.concat(node2));
          const ck = visit_("key", node2.key, visitor, path12);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node2.key = null;
          const cv = visit_("value", node2.value, visitor, path12);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node2.value = null;
        }
      }
      return ctrl;
    }
    async function visitAsync(node2, visitor) {
      const visitor_ = initVisitor(visitor);
      if (identity.isDocument(node2)) {
        const cd = await visitAsync_(null, node2.contents, visitor_, Object.freeze([node2]));
        if (cd === REMOVE)
          node2.contents = null;
      } else
        await visitAsync_(null, node2, visitor_, Object.freeze([]));
    }
    visitAsync.BREAK = BREAK;
    visitAsync.SKIP = SKIP;
    visitAsync.REMOVE = REMOVE;
    async function visitAsync_(key, node2, visitor, path12) {
      const ctrl = await callVisitor(key, node2, visitor, path12);
      if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path12, ctrl);
        return visitAsync_(key, ctrl, visitor, path12);
      }
      if (typeof ctrl !== "symbol") {
        if (identity.isCollection(node2)) {
          path12 = Object.freeze(path12.concat(node2));
          for (let i = 0; i < node2.items.length; ++i) {
            const ci = await visitAsync_(i, node2.items[i], visitor, path12);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              node2.items.splice(i, 1);
              i -= 1;
            }
          }
        } else if (identity.isPair(node2)) {
          path12 = Object.freeze(path12.concat(node2));
          const ck = await visitAsync_("key", node2.key, visitor, path12);
          if (ck === BREAK)
            return BREAK;
          else if (ck === REMOVE)
            node2.key = null;
          const cv = await visitAsync_("value", node2.value, visitor, path12);
          if (cv === BREAK)
            return BREAK;
          else if (cv === REMOVE)
            node2.value = null;
        }
      }
      return ctrl;
    }
    function initVisitor(visitor) {
      if (typeof visitor === "object" && (visitor.Collection || visitor.Node || visitor.Value)) {
        return Object.assign({
          Alias: visitor.Node,
          Map: visitor.Node,
          Scalar: visitor.Node,
          Seq: visitor.Node
        }, visitor.Value && {
          Map: visitor.Value,
          Scalar: visitor.Value,
          Seq: visitor.Value
        }, visitor.Collection && {
          Map: visitor.Collection,
          Seq: visitor.Collection
        }, visitor);
      }
      return visitor;
    }
    function callVisitor(key, node2, visitor, path12) {
      if (typeof visitor === "function")
        return visitor(key, node2, path12);
      if (identity.isMap(node2))
        return visitor.Map?.(key, node2, path12);
      if (identity.isSeq(node2))
        return visitor.Seq?.(key, node2, path12);
      if (identity.isPair(node2))
        return visitor.Pair?.(key, node2, path12);
      if (identity.isScalar(node2))
        return visitor.Scalar?.(key, node2, path12);
      if (identity.isAlias(node2))
        return visitor.Alias?.(key, node2, path12);
      return void 0;
    }
    function replaceNode(key, path12, node2) {
      const parent = path12[path12.length - 1];
      if (identity.isCollection(parent)) {
        parent.items[key] = node2;
      } else if (identity.isPair(parent)) {
        if (key === "key")
          parent.key = node2;
        else
          parent.value = node2;
      } else if (identity.isDocument(parent)) {
        parent.contents = node2;
      } else {
        const pt = identity.isAlias(parent) ? "alias" : "scalar";
        throw new Error(`Cannot replace node with ${pt} parent`);
      }
    }
    exports.visit = visit;
    exports.visitAsync = visitAsync;
  }
});

// node_modules/yaml/dist/doc/directives.js
var require_directives = __commonJS({
  "node_modules/yaml/dist/doc/directives.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    var escapeChars = {
      "!": "%21",
      ",": "%2C",
      "[": "%5B",
      "]": "%5D",
      "{": "%7B",
      "}": "%7D"
    };
    var escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, (ch) => escapeChars[ch]);
    var Directives = class _Directives {
      constructor(yaml, tags) {
        this.docStart = null;
        this.docEnd = false;
        this.yaml = Object.assign({}, _Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, _Directives.defaultTags, tags);
      }
      clone() {
        const copy = new _Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
      }
      /**
       * During parsing, get a Directives instance for the current document and
       * update the stream state according to the current version's spec.
       */
      atDocument() {
        const res = new _Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
          case "1.1":
            this.atNextDocument = true;
            break;
          case "1.2":
            this.atNextDocument = false;
            this.yaml = {
              explicit: _Directives.defaultYaml.explicit,
              version: "1.2"
            };
            this.tags = Object.assign({}, _Directives.defaultTags);
            break;
        }
        return res;
      }
      /**
       * @param onError - May be called even if the action was successful
       * @returns `true` on success
       */
      add(line, onError) {
        if (this.atNextDocument) {
          this.yaml = { explicit: _Directives.defaultYaml.explicit, version: "1.1" };
          this.tags = Object.assign({}, _Directives.defaultTags);
          this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
          case "%TAG": {
            if (parts.length !== 2) {
              onError(0, "%TAG directive should contain exactly two parts");
              if (parts.length < 2)
                return false;
            }
            const [handle, prefix] = parts;
            this.tags[handle] = prefix;
            return true;
          }
          case "%YAML": {
            this.yaml.explicit = true;
            if (parts.length !== 1) {
              onError(0, "%YAML directive should contain exactly one part");
              return false;
            }
            const [version2] = parts;
            if (version2 === "1.1" || version2 === "1.2") {
              this.yaml.version = version2;
              return true;
            } else {
              const isValid = /^\d+\.\d+$/.test(version2);
              onError(6, `Unsupported YAML version ${version2}`, isValid);
              return false;
            }
          }
          default:
            onError(0, `Unknown directive ${name}`, true);
            return false;
        }
      }
      /**
       * Resolves a tag, matching handles to those defined in %TAG directives.
       *
       * @returns Resolved tag, which may also be the non-specific tag `'!'` or a
       *   `'!local'` tag, or `null` if unresolvable.
       */
      tagName(source, onError) {
        if (source === "!")
          return "!";
        if (source[0] !== "!") {
          onError(`Not a valid tag: ${source}`);
          return null;
        }
        if (source[1] === "<") {
          const verbatim = source.slice(2, -1);
          if (verbatim === "!" || verbatim === "!!") {
            onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
            return null;
          }
          if (source[source.length - 1] !== ">")
            onError("Verbatim tags must end with a >");
          return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
          onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
          try {
            return prefix + decodeURIComponent(suffix);
          } catch (error2) {
            onError(String(error2));
            return null;
          }
        }
        if (handle === "!")
          return source;
        onError(`Could not resolve tag: ${source}`);
        return null;
      }
      /**
       * Given a fully resolved tag, returns its printable string form,
       * taking into account current tag prefixes and defaults.
       */
      tagString(tag) {
        for (const [handle, prefix] of Object.entries(this.tags)) {
          if (tag.startsWith(prefix))
            return handle + escapeTagName(tag.substring(prefix.length));
        }
        return tag[0] === "!" ? tag : `!<${tag}>`;
      }
      toString(doc) {
        const lines = this.yaml.explicit ? [`%YAML ${this.yaml.version || "1.2"}`] : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
          const tags = {};
          visit.visit(doc.contents, (_key, node2) => {
            if (identity.isNode(node2) && node2.tag)
              tags[node2.tag] = true;
          });
          tagNames = Object.keys(tags);
        } else
          tagNames = [];
        for (const [handle, prefix] of tagEntries) {
          if (handle === "!!" && prefix === "tag:yaml.org,2002:")
            continue;
          if (!doc || tagNames.some((tn) => tn.startsWith(prefix)))
            lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join("\n");
      }
    };
    Directives.defaultYaml = { explicit: false, version: "1.2" };
    Directives.defaultTags = { "!!": "tag:yaml.org,2002:" };
    exports.Directives = Directives;
  }
});

// node_modules/yaml/dist/doc/anchors.js
var require_anchors = __commonJS({
  "node_modules/yaml/dist/doc/anchors.js"(exports) {
    "use strict";
    var identity = require_identity();
    var visit = require_visit();
    function anchorIsValid(anchor2) {
      if (/[\x00-\x19\s,[\]{}]/.test(anchor2)) {
        const sa = JSON.stringify(anchor2);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
      }
      return true;
    }
    function anchorNames(root) {
      const anchors = /* @__PURE__ */ new Set();
      visit.visit(root, {
        Value(_key, node2) {
          if (node2.anchor)
            anchors.add(node2.anchor);
        }
      });
      return anchors;
    }
    function findNewAnchor(prefix, exclude) {
      for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
          return name;
      }
    }
    function createNodeAnchors(doc, prefix) {
      const aliasObjects = [];
      const sourceObjects = /* @__PURE__ */ new Map();
      let prevAnchors = null;
      return {
        onAnchor: (source) => {
          aliasObjects.push(source);
          prevAnchors ?? (prevAnchors = anchorNames(doc));
          const anchor2 = findNewAnchor(prefix, prevAnchors);
          prevAnchors.add(anchor2);
          return anchor2;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
          for (const source of aliasObjects) {
            const ref = sourceObjects.get(source);
            if (typeof ref === "object" && ref.anchor && (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
              ref.node.anchor = ref.anchor;
            } else {
              const error2 = new Error("Failed to resolve repeated object (this should not happen)");
              error2.source = source;
              throw error2;
            }
          }
        },
        sourceObjects
      };
    }
    exports.anchorIsValid = anchorIsValid;
    exports.anchorNames = anchorNames;
    exports.createNodeAnchors = createNodeAnchors;
    exports.findNewAnchor = findNewAnchor;
  }
});

// node_modules/yaml/dist/doc/applyReviver.js
var require_applyReviver = __commonJS({
  "node_modules/yaml/dist/doc/applyReviver.js"(exports) {
    "use strict";
    function applyReviver(reviver, obj, key, val) {
      if (val && typeof val === "object") {
        if (Array.isArray(val)) {
          for (let i = 0, len = val.length; i < len; ++i) {
            const v0 = val[i];
            const v1 = applyReviver(reviver, val, String(i), v0);
            if (v1 === void 0)
              delete val[i];
            else if (v1 !== v0)
              val[i] = v1;
          }
        } else if (val instanceof Map) {
          for (const k of Array.from(val.keys())) {
            const v0 = val.get(k);
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              val.delete(k);
            else if (v1 !== v0)
              val.set(k, v1);
          }
        } else if (val instanceof Set) {
          for (const v0 of Array.from(val)) {
            const v1 = applyReviver(reviver, val, v0, v0);
            if (v1 === void 0)
              val.delete(v0);
            else if (v1 !== v0) {
              val.delete(v0);
              val.add(v1);
            }
          }
        } else {
          for (const [k, v0] of Object.entries(val)) {
            const v1 = applyReviver(reviver, val, k, v0);
            if (v1 === void 0)
              delete val[k];
            else if (v1 !== v0)
              val[k] = v1;
          }
        }
      }
      return reviver.call(obj, key, val);
    }
    exports.applyReviver = applyReviver;
  }
});

// node_modules/yaml/dist/nodes/toJS.js
var require_toJS = __commonJS({
  "node_modules/yaml/dist/nodes/toJS.js"(exports) {
    "use strict";
    var identity = require_identity();
    function toJS(value, arg, ctx) {
      if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
      if (value && typeof value.toJSON === "function") {
        if (!ctx || !identity.hasAnchor(value))
          return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: void 0 };
        ctx.anchors.set(value, data);
        ctx.onCreate = (res2) => {
          data.res = res2;
          delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
          ctx.onCreate(res);
        return res;
      }
      if (typeof value === "bigint" && !ctx?.keep)
        return Number(value);
      return value;
    }
    exports.toJS = toJS;
  }
});

// node_modules/yaml/dist/nodes/Node.js
var require_Node = __commonJS({
  "node_modules/yaml/dist/nodes/Node.js"(exports) {
    "use strict";
    var applyReviver = require_applyReviver();
    var identity = require_identity();
    var toJS = require_toJS();
    var NodeBase = class {
      constructor(type) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: type });
      }
      /** Create a copy of this node.  */
      clone() {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** A plain JavaScript representation of this node. */
      toJS(doc, { mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        if (!identity.isDocument(doc))
          throw new TypeError("A document argument is required");
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc,
          keep: true,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
    };
    exports.NodeBase = NodeBase;
  }
});

// node_modules/yaml/dist/nodes/Alias.js
var require_Alias = __commonJS({
  "node_modules/yaml/dist/nodes/Alias.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var visit = require_visit();
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var Alias = class extends Node.NodeBase {
      constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, "tag", {
          set() {
            throw new Error("Alias nodes cannot have tags");
          }
        });
      }
      /**
       * Resolve the value of this alias within `doc`, finding the last
       * instance of the `source` anchor before this node.
       */
      resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
          throw new ReferenceError("Alias resolution is disabled");
        let nodes;
        if (ctx?.aliasResolveCache) {
          nodes = ctx.aliasResolveCache;
        } else {
          nodes = [];
          visit.visit(doc, {
            Node: (_key, node2) => {
              if (identity.isAlias(node2) || identity.hasAnchor(node2))
                nodes.push(node2);
            }
          });
          if (ctx)
            ctx.aliasResolveCache = nodes;
        }
        let found = void 0;
        for (const node2 of nodes) {
          if (node2 === this)
            break;
          if (node2.anchor === this.source)
            found = node2;
        }
        if (found && ctx) {
          const { anchors: anchors2, doc: doc2, maxAliasCount } = ctx;
          let data = anchors2.get(found);
          if (!data) {
            toJS.toJS(found, null, ctx);
            data = anchors2.get(found);
          }
          if (data?.res === void 0) {
            const msg = "This should not happen: Alias anchor was not resolved?";
            throw new ReferenceError(msg);
          }
          if (maxAliasCount >= 0) {
            data.count += 1;
            if (data.aliasCount === 0)
              data.aliasCount = getAliasCount(doc2, found, anchors2);
            if (data.count * data.aliasCount > maxAliasCount) {
              const msg = "Excessive alias count indicates a resource exhaustion attack";
              throw new ReferenceError(msg);
            }
          }
        }
        return found;
      }
      toJSON(_arg, ctx) {
        if (!ctx)
          return { source: this.source };
        const source = this.resolve(ctx.doc, ctx);
        if (!source) {
          const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
          throw new ReferenceError(msg);
        }
        return ctx.anchors.get(source).res;
      }
      toString(ctx, _onComment, _onChompKeep) {
        const src = `*${this.source}`;
        if (ctx) {
          anchors.anchorIsValid(this.source);
          if (ctx.options.verifyAliasOrder && !ctx.anchors.has(this.source)) {
            const msg = `Unresolved alias (the anchor must be set before the alias): ${this.source}`;
            throw new Error(msg);
          }
          if (ctx.implicitKey)
            return `${src} `;
        }
        return src;
      }
    };
    function getAliasCount(doc, node2, anchors2) {
      if (identity.isAlias(node2)) {
        const source = node2.resolve(doc);
        const anchor2 = anchors2 && source && anchors2.get(source);
        return anchor2 ? anchor2.count * anchor2.aliasCount : 0;
      } else if (identity.isCollection(node2)) {
        let count2 = 0;
        for (const item of node2.items) {
          const c = getAliasCount(doc, item, anchors2);
          if (c > count2)
            count2 = c;
        }
        return count2;
      } else if (identity.isPair(node2)) {
        const kc = getAliasCount(doc, node2.key, anchors2);
        const vc = getAliasCount(doc, node2.value, anchors2);
        return Math.max(kc, vc);
      }
      return 1;
    }
    exports.Alias = Alias;
  }
});

// node_modules/yaml/dist/nodes/Scalar.js
var require_Scalar = __commonJS({
  "node_modules/yaml/dist/nodes/Scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Node = require_Node();
    var toJS = require_toJS();
    var isScalarValue = (value) => !value || typeof value !== "function" && typeof value !== "object";
    var Scalar = class extends Node.NodeBase {
      constructor(value) {
        super(identity.SCALAR);
        this.value = value;
      }
      toJSON(arg, ctx) {
        return ctx?.keep ? this.value : toJS.toJS(this.value, arg, ctx);
      }
      toString() {
        return String(this.value);
      }
    };
    Scalar.BLOCK_FOLDED = "BLOCK_FOLDED";
    Scalar.BLOCK_LITERAL = "BLOCK_LITERAL";
    Scalar.PLAIN = "PLAIN";
    Scalar.QUOTE_DOUBLE = "QUOTE_DOUBLE";
    Scalar.QUOTE_SINGLE = "QUOTE_SINGLE";
    exports.Scalar = Scalar;
    exports.isScalarValue = isScalarValue;
  }
});

// node_modules/yaml/dist/doc/createNode.js
var require_createNode = __commonJS({
  "node_modules/yaml/dist/doc/createNode.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var defaultTagPrefix = "tag:yaml.org,2002:";
    function findTagObject(value, tagName, tags) {
      if (tagName) {
        const match = tags.filter((t) => t.tag === tagName);
        const tagObj = match.find((t) => !t.format) ?? match[0];
        if (!tagObj)
          throw new Error(`Tag ${tagName} not found`);
        return tagObj;
      }
      return tags.find((t) => t.identify?.(value) && !t.format);
    }
    function createNode(value, tagName, ctx) {
      if (identity.isDocument(value))
        value = value.contents;
      if (identity.isNode(value))
        return value;
      if (identity.isPair(value)) {
        const map = ctx.schema[identity.MAP].createNode?.(ctx.schema, null, ctx);
        map.items.push(value);
        return map;
      }
      if (value instanceof String || value instanceof Number || value instanceof Boolean || typeof BigInt !== "undefined" && value instanceof BigInt) {
        value = value.valueOf();
      }
      const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
      let ref = void 0;
      if (aliasDuplicateObjects && value && typeof value === "object") {
        ref = sourceObjects.get(value);
        if (ref) {
          ref.anchor ?? (ref.anchor = onAnchor(value));
          return new Alias.Alias(ref.anchor);
        } else {
          ref = { anchor: null, node: null };
          sourceObjects.set(value, ref);
        }
      }
      if (tagName?.startsWith("!!"))
        tagName = defaultTagPrefix + tagName.slice(2);
      let tagObj = findTagObject(value, tagName, schema.tags);
      if (!tagObj) {
        if (value && typeof value.toJSON === "function") {
          value = value.toJSON();
        }
        if (!value || typeof value !== "object") {
          const node3 = new Scalar.Scalar(value);
          if (ref)
            ref.node = node3;
          return node3;
        }
        tagObj = value instanceof Map ? schema[identity.MAP] : Symbol.iterator in Object(value) ? schema[identity.SEQ] : schema[identity.MAP];
      }
      if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
      }
      const node2 = tagObj?.createNode ? tagObj.createNode(ctx.schema, value, ctx) : typeof tagObj?.nodeClass?.from === "function" ? tagObj.nodeClass.from(ctx.schema, value, ctx) : new Scalar.Scalar(value);
      if (tagName)
        node2.tag = tagName;
      else if (!tagObj.default)
        node2.tag = tagObj.tag;
      if (ref)
        ref.node = node2;
      return node2;
    }
    exports.createNode = createNode;
  }
});

// node_modules/yaml/dist/nodes/Collection.js
var require_Collection = __commonJS({
  "node_modules/yaml/dist/nodes/Collection.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var identity = require_identity();
    var Node = require_Node();
    function collectionFromPath(schema, path12, value) {
      let v = value;
      for (let i = path12.length - 1; i >= 0; --i) {
        const k = path12[i];
        if (typeof k === "number" && Number.isInteger(k) && k >= 0) {
          const a = [];
          a[k] = v;
          v = a;
        } else {
          v = /* @__PURE__ */ new Map([[k, v]]);
        }
      }
      return createNode.createNode(v, void 0, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
          throw new Error("This should not happen, please report a bug.");
        },
        schema,
        sourceObjects: /* @__PURE__ */ new Map()
      });
    }
    var isEmptyPath = (path12) => path12 == null || typeof path12 === "object" && !!path12[Symbol.iterator]().next().done;
    var Collection = class extends Node.NodeBase {
      constructor(type, schema) {
        super(type);
        Object.defineProperty(this, "schema", {
          value: schema,
          configurable: true,
          enumerable: false,
          writable: true
        });
      }
      /**
       * Create a copy of this collection.
       *
       * @param schema - If defined, overwrites the original's schema
       */
      clone(schema) {
        const copy = Object.create(Object.getPrototypeOf(this), Object.getOwnPropertyDescriptors(this));
        if (schema)
          copy.schema = schema;
        copy.items = copy.items.map((it) => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /**
       * Adds a value to the collection. For `!!map` and `!!omap` the value must
       * be a Pair instance or a `{ key, value }` object, which may not have a key
       * that already exists in the map.
       */
      addIn(path12, value) {
        if (isEmptyPath(path12))
          this.add(value);
        else {
          const [key, ...rest] = path12;
          const node2 = this.get(key, true);
          if (identity.isCollection(node2))
            node2.addIn(rest, value);
          else if (node2 === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
      /**
       * Removes a value from the collection.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path12) {
        const [key, ...rest] = path12;
        if (rest.length === 0)
          return this.delete(key);
        const node2 = this.get(key, true);
        if (identity.isCollection(node2))
          return node2.deleteIn(rest);
        else
          throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path12, keepScalar) {
        const [key, ...rest] = path12;
        const node2 = this.get(key, true);
        if (rest.length === 0)
          return !keepScalar && identity.isScalar(node2) ? node2.value : node2;
        else
          return identity.isCollection(node2) ? node2.getIn(rest, keepScalar) : void 0;
      }
      hasAllNullValues(allowScalar) {
        return this.items.every((node2) => {
          if (!identity.isPair(node2))
            return false;
          const n = node2.value;
          return n == null || allowScalar && identity.isScalar(n) && n.value == null && !n.commentBefore && !n.comment && !n.tag;
        });
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       */
      hasIn(path12) {
        const [key, ...rest] = path12;
        if (rest.length === 0)
          return this.has(key);
        const node2 = this.get(key, true);
        return identity.isCollection(node2) ? node2.hasIn(rest) : false;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path12, value) {
        const [key, ...rest] = path12;
        if (rest.length === 0) {
          this.set(key, value);
        } else {
          const node2 = this.get(key, true);
          if (identity.isCollection(node2))
            node2.setIn(rest, value);
          else if (node2 === void 0 && this.schema)
            this.set(key, collectionFromPath(this.schema, rest, value));
          else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
      }
    };
    exports.Collection = Collection;
    exports.collectionFromPath = collectionFromPath;
    exports.isEmptyPath = isEmptyPath;
  }
});

// node_modules/yaml/dist/stringify/stringifyComment.js
var require_stringifyComment = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyComment.js"(exports) {
    "use strict";
    var stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, "#");
    function indentComment(comment, indent) {
      if (/^\n+$/.test(comment))
        return comment.substring(1);
      return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
    }
    var lineComment = (str, indent, comment) => str.endsWith("\n") ? indentComment(comment, indent) : comment.includes("\n") ? "\n" + indentComment(comment, indent) : (str.endsWith(" ") ? "" : " ") + comment;
    exports.indentComment = indentComment;
    exports.lineComment = lineComment;
    exports.stringifyComment = stringifyComment;
  }
});

// node_modules/yaml/dist/stringify/foldFlowLines.js
var require_foldFlowLines = __commonJS({
  "node_modules/yaml/dist/stringify/foldFlowLines.js"(exports) {
    "use strict";
    var FOLD_FLOW = "flow";
    var FOLD_BLOCK = "block";
    var FOLD_QUOTED = "quoted";
    function foldFlowLines(text, indent, mode = "flow", { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
      if (!lineWidth || lineWidth < 0)
        return text;
      if (lineWidth < minContentWidth)
        minContentWidth = 0;
      const endStep = Math.max(1 + minContentWidth, 1 + lineWidth - indent.length);
      if (text.length <= endStep)
        return text;
      const folds = [];
      const escapedFolds = {};
      let end = lineWidth - indent.length;
      if (typeof indentAtStart === "number") {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
          folds.push(0);
        else
          end = lineWidth - indentAtStart;
      }
      let split = void 0;
      let prev = void 0;
      let overflow = false;
      let i = -1;
      let escStart = -1;
      let escEnd = -1;
      if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
          end = i + endStep;
      }
      for (let ch; ch = text[i += 1]; ) {
        if (mode === FOLD_QUOTED && ch === "\\") {
          escStart = i;
          switch (text[i + 1]) {
            case "x":
              i += 3;
              break;
            case "u":
              i += 5;
              break;
            case "U":
              i += 9;
              break;
            default:
              i += 1;
          }
          escEnd = i;
        }
        if (ch === "\n") {
          if (mode === FOLD_BLOCK)
            i = consumeMoreIndentedLines(text, i, indent.length);
          end = i + indent.length + endStep;
          split = void 0;
        } else {
          if (ch === " " && prev && prev !== " " && prev !== "\n" && prev !== "	") {
            const next = text[i + 1];
            if (next && next !== " " && next !== "\n" && next !== "	")
              split = i;
          }
          if (i >= end) {
            if (split) {
              folds.push(split);
              end = split + endStep;
              split = void 0;
            } else if (mode === FOLD_QUOTED) {
              while (prev === " " || prev === "	") {
                prev = ch;
                ch = text[i += 1];
                overflow = true;
              }
              const j = i > escEnd + 1 ? i - 2 : escStart - 1;
              if (escapedFolds[j])
                return text;
              folds.push(j);
              escapedFolds[j] = true;
              end = j + endStep;
              split = void 0;
            } else {
              overflow = true;
            }
          }
        }
        prev = ch;
      }
      if (overflow && onOverflow)
        onOverflow();
      if (folds.length === 0)
        return text;
      if (onFold)
        onFold();
      let res = text.slice(0, folds[0]);
      for (let i2 = 0; i2 < folds.length; ++i2) {
        const fold = folds[i2];
        const end2 = folds[i2 + 1] || text.length;
        if (fold === 0)
          res = `
${indent}${text.slice(0, end2)}`;
        else {
          if (mode === FOLD_QUOTED && escapedFolds[fold])
            res += `${text[fold]}\\`;
          res += `
${indent}${text.slice(fold + 1, end2)}`;
        }
      }
      return res;
    }
    function consumeMoreIndentedLines(text, i, indent) {
      let end = i;
      let start = i + 1;
      let ch = text[start];
      while (ch === " " || ch === "	") {
        if (i < start + indent) {
          ch = text[++i];
        } else {
          do {
            ch = text[++i];
          } while (ch && ch !== "\n");
          end = i;
          start = i + 1;
          ch = text[start];
        }
      }
      return end;
    }
    exports.FOLD_BLOCK = FOLD_BLOCK;
    exports.FOLD_FLOW = FOLD_FLOW;
    exports.FOLD_QUOTED = FOLD_QUOTED;
    exports.foldFlowLines = foldFlowLines;
  }
});

// node_modules/yaml/dist/stringify/stringifyString.js
var require_stringifyString = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyString.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var foldFlowLines = require_foldFlowLines();
    var getFoldOptions = (ctx, isBlock) => ({
      indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
      lineWidth: ctx.options.lineWidth,
      minContentWidth: ctx.options.minContentWidth
    });
    var containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
    function lineLengthOverLimit(str, lineWidth, indentLength) {
      if (!lineWidth || lineWidth < 0)
        return false;
      const limit = lineWidth - indentLength;
      const strLen = str.length;
      if (strLen <= limit)
        return false;
      for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === "\n") {
          if (i - start > limit)
            return true;
          start = i + 1;
          if (strLen - start <= limit)
            return false;
        }
      }
      return true;
    }
    function doubleQuotedString(value, ctx) {
      const json = JSON.stringify(value);
      if (ctx.options.doubleQuotedAsJSON)
        return json;
      const { implicitKey } = ctx;
      const minMultiLineLength = ctx.options.doubleQuotedMinMultiLineLength;
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      let str = "";
      let start = 0;
      for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === " " && json[i + 1] === "\\" && json[i + 2] === "n") {
          str += json.slice(start, i) + "\\ ";
          i += 1;
          start = i;
          ch = "\\";
        }
        if (ch === "\\")
          switch (json[i + 1]) {
            case "u":
              {
                str += json.slice(start, i);
                const code = json.substr(i + 2, 4);
                switch (code) {
                  case "0000":
                    str += "\\0";
                    break;
                  case "0007":
                    str += "\\a";
                    break;
                  case "000b":
                    str += "\\v";
                    break;
                  case "001b":
                    str += "\\e";
                    break;
                  case "0085":
                    str += "\\N";
                    break;
                  case "00a0":
                    str += "\\_";
                    break;
                  case "2028":
                    str += "\\L";
                    break;
                  case "2029":
                    str += "\\P";
                    break;
                  default:
                    if (code.substr(0, 2) === "00")
                      str += "\\x" + code.substr(2);
                    else
                      str += json.substr(i, 6);
                }
                i += 5;
                start = i + 1;
              }
              break;
            case "n":
              if (implicitKey || json[i + 2] === '"' || json.length < minMultiLineLength) {
                i += 1;
              } else {
                str += json.slice(start, i) + "\n\n";
                while (json[i + 2] === "\\" && json[i + 3] === "n" && json[i + 4] !== '"') {
                  str += "\n";
                  i += 2;
                }
                str += indent;
                if (json[i + 2] === " ")
                  str += "\\";
                i += 1;
                start = i + 1;
              }
              break;
            default:
              i += 1;
          }
      }
      str = start ? str + json.slice(start) : json;
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
    }
    function singleQuotedString(value, ctx) {
      if (ctx.options.singleQuote === false || ctx.implicitKey && value.includes("\n") || /[ \t]\n|\n[ \t]/.test(value))
        return doubleQuotedString(value, ctx);
      const indent = ctx.indent || (containsDocumentMarker(value) ? "  " : "");
      const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&
${indent}`) + "'";
      return ctx.implicitKey ? res : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function quotedString(value, ctx) {
      const { singleQuote } = ctx.options;
      let qs;
      if (singleQuote === false)
        qs = doubleQuotedString;
      else {
        const hasDouble = value.includes('"');
        const hasSingle = value.includes("'");
        if (hasDouble && !hasSingle)
          qs = singleQuotedString;
        else if (hasSingle && !hasDouble)
          qs = doubleQuotedString;
        else
          qs = singleQuote ? singleQuotedString : doubleQuotedString;
      }
      return qs(value, ctx);
    }
    var blockEndNewlines;
    try {
      blockEndNewlines = new RegExp("(^|(?<!\n))\n+(?!\n|$)", "g");
    } catch {
      blockEndNewlines = /\n+(?!\n|$)/g;
    }
    function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
      const { blockQuote, commentString, lineWidth } = ctx.options;
      if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
      }
      const indent = ctx.indent || (ctx.forceBlockIndent || containsDocumentMarker(value) ? "  " : "");
      const literal2 = blockQuote === "literal" ? true : blockQuote === "folded" || type === Scalar.Scalar.BLOCK_FOLDED ? false : type === Scalar.Scalar.BLOCK_LITERAL ? true : !lineLengthOverLimit(value, lineWidth, indent.length);
      if (!value)
        return literal2 ? "|\n" : ">\n";
      let chomp;
      let endStart;
      for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== "\n" && ch !== "	" && ch !== " ")
          break;
      }
      let end = value.substring(endStart);
      const endNlPos = end.indexOf("\n");
      if (endNlPos === -1) {
        chomp = "-";
      } else if (value === end || endNlPos !== end.length - 1) {
        chomp = "+";
        if (onChompKeep)
          onChompKeep();
      } else {
        chomp = "";
      }
      if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === "\n")
          end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
      }
      let startWithSpace = false;
      let startEnd;
      let startNlPos = -1;
      for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === " ")
          startWithSpace = true;
        else if (ch === "\n")
          startNlPos = startEnd;
        else
          break;
      }
      let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
      if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
      }
      const indentSize = indent ? "2" : "1";
      let header = (startWithSpace ? indentSize : "") + chomp;
      if (comment) {
        header += " " + commentString(comment.replace(/ ?[\r\n]+/g, " "));
        if (onComment)
          onComment();
      }
      if (!literal2) {
        const foldedValue = value.replace(/\n+/g, "\n$&").replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, "$1$2").replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== "folded" && type !== Scalar.Scalar.BLOCK_FOLDED) {
          foldOptions.onOverflow = () => {
            literalFallback = true;
          };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
          return `>${header}
${indent}${body}`;
      }
      value = value.replace(/\n+/g, `$&${indent}`);
      return `|${header}
${indent}${start}${value}${end}`;
    }
    function plainString(item, ctx, onComment, onChompKeep) {
      const { type, value } = item;
      const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
      if (implicitKey && value.includes("\n") || inFlow && /[[\]{},]/.test(value)) {
        return quotedString(value, ctx);
      }
      if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        return implicitKey || inFlow || !value.includes("\n") ? quotedString(value, ctx) : blockString(item, ctx, onComment, onChompKeep);
      }
      if (!implicitKey && !inFlow && type !== Scalar.Scalar.PLAIN && value.includes("\n")) {
        return blockString(item, ctx, onComment, onChompKeep);
      }
      if (containsDocumentMarker(value)) {
        if (indent === "") {
          ctx.forceBlockIndent = true;
          return blockString(item, ctx, onComment, onChompKeep);
        } else if (implicitKey && indent === indentStep) {
          return quotedString(value, ctx);
        }
      }
      const str = value.replace(/\n+/g, `$&
${indent}`);
      if (actualString) {
        const test = (tag) => tag.default && tag.tag !== "tag:yaml.org,2002:str" && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
          return quotedString(value, ctx);
      }
      return implicitKey ? str : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
    }
    function stringifyString(item, ctx, onComment, onChompKeep) {
      const { implicitKey, inFlow } = ctx;
      const ss = typeof item.value === "string" ? item : Object.assign({}, item, { value: String(item.value) });
      let { type } = item;
      if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
          type = Scalar.Scalar.QUOTE_DOUBLE;
      }
      const _stringify = (_type) => {
        switch (_type) {
          case Scalar.Scalar.BLOCK_FOLDED:
          case Scalar.Scalar.BLOCK_LITERAL:
            return implicitKey || inFlow ? quotedString(ss.value, ctx) : blockString(ss, ctx, onComment, onChompKeep);
          case Scalar.Scalar.QUOTE_DOUBLE:
            return doubleQuotedString(ss.value, ctx);
          case Scalar.Scalar.QUOTE_SINGLE:
            return singleQuotedString(ss.value, ctx);
          case Scalar.Scalar.PLAIN:
            return plainString(ss, ctx, onComment, onChompKeep);
          default:
            return null;
        }
      };
      let res = _stringify(type);
      if (res === null) {
        const { defaultKeyType, defaultStringType } = ctx.options;
        const t = implicitKey && defaultKeyType || defaultStringType;
        res = _stringify(t);
        if (res === null)
          throw new Error(`Unsupported default string type ${t}`);
      }
      return res;
    }
    exports.stringifyString = stringifyString;
  }
});

// node_modules/yaml/dist/stringify/stringify.js
var require_stringify = __commonJS({
  "node_modules/yaml/dist/stringify/stringify.js"(exports) {
    "use strict";
    var anchors = require_anchors();
    var identity = require_identity();
    var stringifyComment = require_stringifyComment();
    var stringifyString = require_stringifyString();
    function createStringifyContext(doc, options) {
      const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: "PLAIN",
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: "false",
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: "null",
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: "true",
        verifyAliasOrder: true
      }, doc.schema.toStringOptions, options);
      let inFlow;
      switch (opt.collectionStyle) {
        case "block":
          inFlow = false;
          break;
        case "flow":
          inFlow = true;
          break;
        default:
          inFlow = null;
      }
      return {
        anchors: /* @__PURE__ */ new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? " " : "",
        indent: "",
        indentStep: typeof opt.indent === "number" ? " ".repeat(opt.indent) : "  ",
        inFlow,
        options: opt
      };
    }
    function getTagObject(tags, item) {
      if (item.tag) {
        const match = tags.filter((t) => t.tag === item.tag);
        if (match.length > 0)
          return match.find((t) => t.format === item.format) ?? match[0];
      }
      let tagObj = void 0;
      let obj;
      if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter((t) => t.identify?.(obj));
        if (match.length > 1) {
          const testMatch = match.filter((t) => t.test);
          if (testMatch.length > 0)
            match = testMatch;
        }
        tagObj = match.find((t) => t.format === item.format) ?? match.find((t) => !t.format);
      } else {
        obj = item;
        tagObj = tags.find((t) => t.nodeClass && obj instanceof t.nodeClass);
      }
      if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? "null" : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
      }
      return tagObj;
    }
    function stringifyProps(node2, tagObj, { anchors: anchors$1, doc }) {
      if (!doc.directives)
        return "";
      const props = [];
      const anchor2 = (identity.isScalar(node2) || identity.isCollection(node2)) && node2.anchor;
      if (anchor2 && anchors.anchorIsValid(anchor2)) {
        anchors$1.add(anchor2);
        props.push(`&${anchor2}`);
      }
      const tag = node2.tag ?? (tagObj.default ? null : tagObj.tag);
      if (tag)
        props.push(doc.directives.tagString(tag));
      return props.join(" ");
    }
    function stringify(item, ctx, onComment, onChompKeep) {
      if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
      if (identity.isAlias(item)) {
        if (ctx.doc.directives)
          return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
          throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        } else {
          if (ctx.resolvedAliases)
            ctx.resolvedAliases.add(item);
          else
            ctx.resolvedAliases = /* @__PURE__ */ new Set([item]);
          item = item.resolve(ctx.doc);
        }
      }
      let tagObj = void 0;
      const node2 = identity.isNode(item) ? item : ctx.doc.createNode(item, { onTagObj: (o) => tagObj = o });
      tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node2));
      const props = stringifyProps(node2, tagObj, ctx);
      if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
      const str = typeof tagObj.stringify === "function" ? tagObj.stringify(node2, ctx, onComment, onChompKeep) : identity.isScalar(node2) ? stringifyString.stringifyString(node2, ctx, onComment, onChompKeep) : node2.toString(ctx, onComment, onChompKeep);
      if (!props)
        return str;
      return identity.isScalar(node2) || str[0] === "{" || str[0] === "[" ? `${props} ${str}` : `${props}
${ctx.indent}${str}`;
    }
    exports.createStringifyContext = createStringifyContext;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/stringify/stringifyPair.js
var require_stringifyPair = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyPair.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
      const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
      let keyComment = identity.isNode(key) && key.comment || null;
      if (simpleKeys) {
        if (keyComment) {
          throw new Error("With simple keys, key nodes cannot have comments");
        }
        if (identity.isCollection(key) || !identity.isNode(key) && typeof key === "object") {
          const msg = "With simple keys, collection cannot be used as a key value";
          throw new Error(msg);
        }
      }
      let explicitKey = !simpleKeys && (!key || keyComment && value == null && !ctx.inFlow || identity.isCollection(key) || (identity.isScalar(key) ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL : typeof key === "object"));
      ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
      });
      let keyCommentDone = false;
      let chompKeep = false;
      let str = stringify.stringify(key, ctx, () => keyCommentDone = true, () => chompKeep = true);
      if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
          throw new Error("With simple keys, single line scalar must not span more than 1024 characters");
        explicitKey = true;
      }
      if (ctx.inFlow) {
        if (allNullValues || value == null) {
          if (keyCommentDone && onComment)
            onComment();
          return str === "" ? "?" : explicitKey ? `? ${str}` : str;
        }
      } else if (allNullValues && !simpleKeys || value == null && explicitKey) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        } else if (chompKeep && onChompKeep)
          onChompKeep();
        return str;
      }
      if (keyCommentDone)
        keyComment = null;
      if (explicitKey) {
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}
${indent}:`;
      } else {
        str = `${str}:`;
        if (keyComment)
          str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
      }
      let vsb, vcb, valueComment;
      if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
      } else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === "object")
          value = doc.createNode(value);
      }
      ctx.implicitKey = false;
      if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
      chompKeep = false;
      if (!indentSeq && indentStep.length >= 2 && !ctx.inFlow && !explicitKey && identity.isSeq(value) && !value.flow && !value.tag && !value.anchor) {
        ctx.indent = ctx.indent.substring(2);
      }
      let valueCommentDone = false;
      const valueStr = stringify.stringify(value, ctx, () => valueCommentDone = true, () => chompKeep = true);
      let ws = " ";
      if (keyComment || vsb || vcb) {
        ws = vsb ? "\n" : "";
        if (vcb) {
          const cs = commentString(vcb);
          ws += `
${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === "" && !ctx.inFlow) {
          if (ws === "\n" && valueComment)
            ws = "\n\n";
        } else {
          ws += `
${ctx.indent}`;
        }
      } else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf("\n");
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
          let hasPropsLine = false;
          if (hasNewline && (vs0 === "&" || vs0 === "!")) {
            let sp0 = valueStr.indexOf(" ");
            if (vs0 === "&" && sp0 !== -1 && sp0 < nl0 && valueStr[sp0 + 1] === "!") {
              sp0 = valueStr.indexOf(" ", sp0 + 1);
            }
            if (sp0 === -1 || nl0 < sp0)
              hasPropsLine = true;
          }
          if (!hasPropsLine)
            ws = `
${ctx.indent}`;
        }
      } else if (valueStr === "" || valueStr[0] === "\n") {
        ws = "";
      }
      str += ws + valueStr;
      if (ctx.inFlow) {
        if (valueCommentDone && onComment)
          onComment();
      } else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
      } else if (chompKeep && onChompKeep) {
        onChompKeep();
      }
      return str;
    }
    exports.stringifyPair = stringifyPair;
  }
});

// node_modules/yaml/dist/log.js
var require_log = __commonJS({
  "node_modules/yaml/dist/log.js"(exports) {
    "use strict";
    var node_process = __require("process");
    function debug(logLevel, ...messages) {
      if (logLevel === "debug")
        console.log(...messages);
    }
    function warn(logLevel, warning) {
      if (logLevel === "debug" || logLevel === "warn") {
        if (typeof node_process.emitWarning === "function")
          node_process.emitWarning(warning);
        else
          console.warn(warning);
      }
    }
    exports.debug = debug;
    exports.warn = warn;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/merge.js
var require_merge = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/merge.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var MERGE_KEY = "<<";
    var merge2 = {
      identify: (value) => value === MERGE_KEY || typeof value === "symbol" && value.description === MERGE_KEY,
      default: "key",
      tag: "tag:yaml.org,2002:merge",
      test: /^<<$/,
      resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
      }),
      stringify: () => MERGE_KEY
    };
    var isMergeKey = (ctx, key) => (merge2.identify(key) || identity.isScalar(key) && (!key.type || key.type === Scalar.Scalar.PLAIN) && merge2.identify(key.value)) && ctx?.doc.schema.tags.some((tag) => tag.tag === merge2.tag && tag.default);
    function addMergeToJSMap(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (identity.isSeq(source))
        for (const it of source.items)
          mergeValue(ctx, map, it);
      else if (Array.isArray(source))
        for (const it of source)
          mergeValue(ctx, map, it);
      else
        mergeValue(ctx, map, source);
    }
    function mergeValue(ctx, map, value) {
      const source = resolveAliasValue(ctx, value);
      if (!identity.isMap(source))
        throw new Error("Merge sources must be maps or map aliases");
      const srcMap = source.toJSON(null, ctx, Map);
      for (const [key, value2] of srcMap) {
        if (map instanceof Map) {
          if (!map.has(key))
            map.set(key, value2);
        } else if (map instanceof Set) {
          map.add(key);
        } else if (!Object.prototype.hasOwnProperty.call(map, key)) {
          Object.defineProperty(map, key, {
            value: value2,
            writable: true,
            enumerable: true,
            configurable: true
          });
        }
      }
      return map;
    }
    function resolveAliasValue(ctx, value) {
      return ctx && identity.isAlias(value) ? value.resolve(ctx.doc, ctx) : value;
    }
    exports.addMergeToJSMap = addMergeToJSMap;
    exports.isMergeKey = isMergeKey;
    exports.merge = merge2;
  }
});

// node_modules/yaml/dist/nodes/addPairToJSMap.js
var require_addPairToJSMap = __commonJS({
  "node_modules/yaml/dist/nodes/addPairToJSMap.js"(exports) {
    "use strict";
    var log = require_log();
    var merge2 = require_merge();
    var stringify = require_stringify();
    var identity = require_identity();
    var toJS = require_toJS();
    function addPairToJSMap(ctx, map, { key, value }) {
      if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
      else if (merge2.isMergeKey(ctx, key))
        merge2.addMergeToJSMap(ctx, map, value);
      else {
        const jsKey = toJS.toJS(key, "", ctx);
        if (map instanceof Map) {
          map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        } else if (map instanceof Set) {
          map.add(jsKey);
        } else {
          const stringKey = stringifyKey(key, jsKey, ctx);
          const jsValue = toJS.toJS(value, stringKey, ctx);
          if (stringKey in map)
            Object.defineProperty(map, stringKey, {
              value: jsValue,
              writable: true,
              enumerable: true,
              configurable: true
            });
          else
            map[stringKey] = jsValue;
        }
      }
      return map;
    }
    function stringifyKey(key, jsKey, ctx) {
      if (jsKey === null)
        return "";
      if (typeof jsKey !== "object")
        return String(jsKey);
      if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = /* @__PURE__ */ new Set();
        for (const node2 of ctx.anchors.keys())
          strCtx.anchors.add(node2.anchor);
        strCtx.inFlow = true;
        strCtx.inStringifyKey = true;
        const strKey = key.toString(strCtx);
        if (!ctx.mapKeyWarned) {
          let jsonStr = JSON.stringify(strKey);
          if (jsonStr.length > 40)
            jsonStr = jsonStr.substring(0, 36) + '..."';
          log.warn(ctx.doc.options.logLevel, `Keys with collection values will be stringified due to JS Object restrictions: ${jsonStr}. Set mapAsMap: true to use object keys.`);
          ctx.mapKeyWarned = true;
        }
        return strKey;
      }
      return JSON.stringify(jsKey);
    }
    exports.addPairToJSMap = addPairToJSMap;
  }
});

// node_modules/yaml/dist/nodes/Pair.js
var require_Pair = __commonJS({
  "node_modules/yaml/dist/nodes/Pair.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyPair = require_stringifyPair();
    var addPairToJSMap = require_addPairToJSMap();
    var identity = require_identity();
    function createPair(key, value, ctx) {
      const k = createNode.createNode(key, void 0, ctx);
      const v = createNode.createNode(value, void 0, ctx);
      return new Pair(k, v);
    }
    var Pair = class _Pair {
      constructor(key, value = null) {
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.PAIR });
        this.key = key;
        this.value = value;
      }
      clone(schema) {
        let { key, value } = this;
        if (identity.isNode(key))
          key = key.clone(schema);
        if (identity.isNode(value))
          value = value.clone(schema);
        return new _Pair(key, value);
      }
      toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
      }
      toString(ctx, onComment, onChompKeep) {
        return ctx?.doc ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep) : JSON.stringify(this);
      }
    };
    exports.Pair = Pair;
    exports.createPair = createPair;
  }
});

// node_modules/yaml/dist/stringify/stringifyCollection.js
var require_stringifyCollection = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyCollection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyCollection(collection, ctx, options) {
      const flow = ctx.inFlow ?? collection.flow;
      const stringify2 = flow ? stringifyFlowCollection : stringifyBlockCollection;
      return stringify2(collection, ctx, options);
    }
    function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
      const { indent, options: { commentString } } = ctx;
      const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
      let chompKeep = false;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment2 = null;
        if (identity.isNode(item)) {
          if (!chompKeep && item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
          if (item.comment)
            comment2 = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (!chompKeep && ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
          }
        }
        chompKeep = false;
        let str2 = stringify.stringify(item, itemCtx, () => comment2 = null, () => chompKeep = true);
        if (comment2)
          str2 += stringifyComment.lineComment(str2, itemIndent, commentString(comment2));
        if (chompKeep && comment2)
          chompKeep = false;
        lines.push(blockItemPrefix + str2);
      }
      let str;
      if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
      } else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
          const line = lines[i];
          str += line ? `
${indent}${line}` : "\n";
        }
      }
      if (comment) {
        str += "\n" + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
          onComment();
      } else if (chompKeep && onChompKeep)
        onChompKeep();
      return str;
    }
    function stringifyFlowCollection({ items }, ctx, { flowChars, itemIndent }) {
      const { indent, indentStep, flowCollectionPadding: fcPadding, options: { commentString } } = ctx;
      itemIndent += indentStep;
      const itemCtx = Object.assign({}, ctx, {
        indent: itemIndent,
        inFlow: true,
        type: null
      });
      let reqNewline = false;
      let linesAtValue = 0;
      const lines = [];
      for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
          if (item.spaceBefore)
            lines.push("");
          addCommentBefore(ctx, lines, item.commentBefore, false);
          if (item.comment)
            comment = item.comment;
        } else if (identity.isPair(item)) {
          const ik = identity.isNode(item.key) ? item.key : null;
          if (ik) {
            if (ik.spaceBefore)
              lines.push("");
            addCommentBefore(ctx, lines, ik.commentBefore, false);
            if (ik.comment)
              reqNewline = true;
          }
          const iv = identity.isNode(item.value) ? item.value : null;
          if (iv) {
            if (iv.comment)
              comment = iv.comment;
            if (iv.commentBefore)
              reqNewline = true;
          } else if (item.value == null && ik?.comment) {
            comment = ik.comment;
          }
        }
        if (comment)
          reqNewline = true;
        let str = stringify.stringify(item, itemCtx, () => comment = null);
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes("\n"));
        if (i < items.length - 1) {
          str += ",";
        } else if (ctx.options.trailingComma) {
          if (ctx.options.lineWidth > 0) {
            reqNewline || (reqNewline = lines.reduce((sum2, line) => sum2 + line.length + 2, 2) + (str.length + 2) > ctx.options.lineWidth);
          }
          if (reqNewline) {
            str += ",";
          }
        }
        if (comment)
          str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        lines.push(str);
        linesAtValue = lines.length;
      }
      const { start, end } = flowChars;
      if (lines.length === 0) {
        return start + end;
      } else {
        if (!reqNewline) {
          const len = lines.reduce((sum2, line) => sum2 + line.length + 2, 2);
          reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
          let str = start;
          for (const line of lines)
            str += line ? `
${indentStep}${indent}${line}` : "\n";
          return `${str}
${indent}${end}`;
        } else {
          return `${start}${fcPadding}${lines.join(" ")}${fcPadding}${end}`;
        }
      }
    }
    function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
      if (comment && chompKeep)
        comment = comment.replace(/^\n+/, "");
      if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart());
      }
    }
    exports.stringifyCollection = stringifyCollection;
  }
});

// node_modules/yaml/dist/nodes/YAMLMap.js
var require_YAMLMap = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLMap.js"(exports) {
    "use strict";
    var stringifyCollection = require_stringifyCollection();
    var addPairToJSMap = require_addPairToJSMap();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    function findPair(items, key) {
      const k = identity.isScalar(key) ? key.value : key;
      for (const it of items) {
        if (identity.isPair(it)) {
          if (it.key === key || it.key === k)
            return it;
          if (identity.isScalar(it.key) && it.key.value === k)
            return it;
        }
      }
      return void 0;
    }
    var YAMLMap = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:map";
      }
      constructor(schema) {
        super(identity.MAP, schema);
        this.items = [];
      }
      /**
       * A generic collection parsing method that can be extended
       * to other node classes that inherit from YAMLMap
       */
      static from(schema, obj, ctx) {
        const { keepUndefined, replacer } = ctx;
        const map = new this(schema);
        const add = (key, value) => {
          if (typeof replacer === "function")
            value = replacer.call(obj, key, value);
          else if (Array.isArray(replacer) && !replacer.includes(key))
            return;
          if (value !== void 0 || keepUndefined)
            map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
          for (const [key, value] of obj)
            add(key, value);
        } else if (obj && typeof obj === "object") {
          for (const key of Object.keys(obj))
            add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === "function") {
          map.items.sort(schema.sortMapEntries);
        }
        return map;
      }
      /**
       * Adds a value to the collection.
       *
       * @param overwrite - If not set `true`, using a key that is already in the
       *   collection will throw. Otherwise, overwrites the previous value.
       */
      add(pair, overwrite) {
        let _pair;
        if (identity.isPair(pair))
          _pair = pair;
        else if (!pair || typeof pair !== "object" || !("key" in pair)) {
          _pair = new Pair.Pair(pair, pair?.value);
        } else
          _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
          if (!overwrite)
            throw new Error(`Key ${_pair.key} already set`);
          if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
            prev.value.value = _pair.value;
          else
            prev.value = _pair.value;
        } else if (sortEntries) {
          const i = this.items.findIndex((item) => sortEntries(_pair, item) < 0);
          if (i === -1)
            this.items.push(_pair);
          else
            this.items.splice(i, 0, _pair);
        } else {
          this.items.push(_pair);
        }
      }
      delete(key) {
        const it = findPair(this.items, key);
        if (!it)
          return false;
        const del = this.items.splice(this.items.indexOf(it), 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const it = findPair(this.items, key);
        const node2 = it?.value;
        return (!keepScalar && identity.isScalar(node2) ? node2.value : node2) ?? void 0;
      }
      has(key) {
        return !!findPair(this.items, key);
      }
      set(key, value) {
        this.add(new Pair.Pair(key, value), true);
      }
      /**
       * @param ctx - Conversion context, originally set in Document#toJS()
       * @param {Class} Type - If set, forces the returned collection type
       * @returns Instance of Type, Map, or Object
       */
      toJSON(_, ctx, Type) {
        const map = Type ? new Type() : ctx?.mapAsMap ? /* @__PURE__ */ new Map() : {};
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const item of this.items)
          addPairToJSMap.addPairToJSMap(ctx, map, item);
        return map;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        for (const item of this.items) {
          if (!identity.isPair(item))
            throw new Error(`Map items must all be pairs; found ${JSON.stringify(item)} instead`);
        }
        if (!ctx.allNullValues && this.hasAllNullValues(false))
          ctx = Object.assign({}, ctx, { allNullValues: true });
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "",
          flowChars: { start: "{", end: "}" },
          itemIndent: ctx.indent || "",
          onChompKeep,
          onComment
        });
      }
    };
    exports.YAMLMap = YAMLMap;
    exports.findPair = findPair;
  }
});

// node_modules/yaml/dist/schema/common/map.js
var require_map = __commonJS({
  "node_modules/yaml/dist/schema/common/map.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLMap = require_YAMLMap();
    var map = {
      collection: "map",
      default: true,
      nodeClass: YAMLMap.YAMLMap,
      tag: "tag:yaml.org,2002:map",
      resolve(map2, onError) {
        if (!identity.isMap(map2))
          onError("Expected a mapping for this tag");
        return map2;
      },
      createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
    };
    exports.map = map;
  }
});

// node_modules/yaml/dist/nodes/YAMLSeq.js
var require_YAMLSeq = __commonJS({
  "node_modules/yaml/dist/nodes/YAMLSeq.js"(exports) {
    "use strict";
    var createNode = require_createNode();
    var stringifyCollection = require_stringifyCollection();
    var Collection = require_Collection();
    var identity = require_identity();
    var Scalar = require_Scalar();
    var toJS = require_toJS();
    var YAMLSeq = class extends Collection.Collection {
      static get tagName() {
        return "tag:yaml.org,2002:seq";
      }
      constructor(schema) {
        super(identity.SEQ, schema);
        this.items = [];
      }
      add(value) {
        this.items.push(value);
      }
      /**
       * Removes a value from the collection.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       *
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
      }
      get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          return void 0;
        const it = this.items[idx];
        return !keepScalar && identity.isScalar(it) ? it.value : it;
      }
      /**
       * Checks if the collection includes a value with the key `key`.
       *
       * `key` must contain a representation of an integer for this to succeed.
       * It may be wrapped in a `Scalar`.
       */
      has(key) {
        const idx = asItemIndex(key);
        return typeof idx === "number" && idx < this.items.length;
      }
      /**
       * Sets a value in this collection. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       *
       * If `key` does not contain a representation of an integer, this will throw.
       * It may be wrapped in a `Scalar`.
       */
      set(key, value) {
        const idx = asItemIndex(key);
        if (typeof idx !== "number")
          throw new Error(`Expected a valid index, not ${key}.`);
        const prev = this.items[idx];
        if (identity.isScalar(prev) && Scalar.isScalarValue(value))
          prev.value = value;
        else
          this.items[idx] = value;
      }
      toJSON(_, ctx) {
        const seq = [];
        if (ctx?.onCreate)
          ctx.onCreate(seq);
        let i = 0;
        for (const item of this.items)
          seq.push(toJS.toJS(item, String(i++), ctx));
        return seq;
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        return stringifyCollection.stringifyCollection(this, ctx, {
          blockItemPrefix: "- ",
          flowChars: { start: "[", end: "]" },
          itemIndent: (ctx.indent || "") + "  ",
          onChompKeep,
          onComment
        });
      }
      static from(schema, obj, ctx) {
        const { replacer } = ctx;
        const seq = new this(schema);
        if (obj && Symbol.iterator in Object(obj)) {
          let i = 0;
          for (let it of obj) {
            if (typeof replacer === "function") {
              const key = obj instanceof Set ? it : String(i++);
              it = replacer.call(obj, key, it);
            }
            seq.items.push(createNode.createNode(it, void 0, ctx));
          }
        }
        return seq;
      }
    };
    function asItemIndex(key) {
      let idx = identity.isScalar(key) ? key.value : key;
      if (idx && typeof idx === "string")
        idx = Number(idx);
      return typeof idx === "number" && Number.isInteger(idx) && idx >= 0 ? idx : null;
    }
    exports.YAMLSeq = YAMLSeq;
  }
});

// node_modules/yaml/dist/schema/common/seq.js
var require_seq = __commonJS({
  "node_modules/yaml/dist/schema/common/seq.js"(exports) {
    "use strict";
    var identity = require_identity();
    var YAMLSeq = require_YAMLSeq();
    var seq = {
      collection: "seq",
      default: true,
      nodeClass: YAMLSeq.YAMLSeq,
      tag: "tag:yaml.org,2002:seq",
      resolve(seq2, onError) {
        if (!identity.isSeq(seq2))
          onError("Expected a sequence for this tag");
        return seq2;
      },
      createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
    };
    exports.seq = seq;
  }
});

// node_modules/yaml/dist/schema/common/string.js
var require_string = __commonJS({
  "node_modules/yaml/dist/schema/common/string.js"(exports) {
    "use strict";
    var stringifyString = require_stringifyString();
    var string3 = {
      identify: (value) => typeof value === "string",
      default: true,
      tag: "tag:yaml.org,2002:str",
      resolve: (str) => str,
      stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
      }
    };
    exports.string = string3;
  }
});

// node_modules/yaml/dist/schema/common/null.js
var require_null = __commonJS({
  "node_modules/yaml/dist/schema/common/null.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var nullTag = {
      identify: (value) => value == null,
      createNode: () => new Scalar.Scalar(null),
      default: true,
      tag: "tag:yaml.org,2002:null",
      test: /^(?:~|[Nn]ull|NULL)?$/,
      resolve: () => new Scalar.Scalar(null),
      stringify: ({ source }, ctx) => typeof source === "string" && nullTag.test.test(source) ? source : ctx.options.nullStr
    };
    exports.nullTag = nullTag;
  }
});

// node_modules/yaml/dist/schema/core/bool.js
var require_bool = __commonJS({
  "node_modules/yaml/dist/schema/core/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var boolTag = {
      identify: (value) => typeof value === "boolean",
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
      resolve: (str) => new Scalar.Scalar(str[0] === "t" || str[0] === "T"),
      stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
          const sv = source[0] === "t" || source[0] === "T";
          if (value === sv)
            return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
      }
    };
    exports.boolTag = boolTag;
  }
});

// node_modules/yaml/dist/stringify/stringifyNumber.js
var require_stringifyNumber = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyNumber.js"(exports) {
    "use strict";
    function stringifyNumber({ format: format2, minFractionDigits, tag, value }) {
      if (typeof value === "bigint")
        return String(value);
      const num = typeof value === "number" ? value : Number(value);
      if (!isFinite(num))
        return isNaN(num) ? ".nan" : num < 0 ? "-.inf" : ".inf";
      let n = Object.is(value, -0) ? "-0" : JSON.stringify(value);
      if (!format2 && minFractionDigits && (!tag || tag === "tag:yaml.org,2002:float") && /^-?\d/.test(n) && !n.includes("e")) {
        let i = n.indexOf(".");
        if (i < 0) {
          i = n.length;
          n += ".";
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
          n += "0";
      }
      return n;
    }
    exports.stringifyNumber = stringifyNumber;
  }
});

// node_modules/yaml/dist/schema/core/float.js
var require_float = __commonJS({
  "node_modules/yaml/dist/schema/core/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str),
      stringify(node2) {
        const num = Number(node2.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node2);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
      resolve(str) {
        const node2 = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf(".");
        if (dot !== -1 && str[str.length - 1] === "0")
          node2.minFractionDigits = str.length - dot - 1;
        return node2;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/core/int.js
var require_int = __commonJS({
  "node_modules/yaml/dist/schema/core/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    var intResolve = (str, offset, radix, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix);
    function intStringify(node2, radix, prefix) {
      const { value } = node2;
      if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
      return stringifyNumber.stringifyNumber(node2);
    }
    var intOct = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^0o[0-7]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
      stringify: (node2) => intStringify(node2, 8, "0o")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: (value) => intIdentify(value) && value >= 0,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^0x[0-9a-fA-F]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node2) => intStringify(node2, 16, "0x")
    };
    exports.int = int2;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/core/schema.js
var require_schema = __commonJS({
  "node_modules/yaml/dist/schema/core/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null3 = require_null();
    var seq = require_seq();
    var string3 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int2 = require_int();
    var schema = [
      map.map,
      seq.seq,
      string3.string,
      _null3.nullTag,
      bool.boolTag,
      int2.intOct,
      int2.int,
      int2.intHex,
      float.floatNaN,
      float.floatExp,
      float.float
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/json/schema.js
var require_schema2 = __commonJS({
  "node_modules/yaml/dist/schema/json/schema.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var map = require_map();
    var seq = require_seq();
    function intIdentify(value) {
      return typeof value === "bigint" || Number.isInteger(value);
    }
    var stringifyJSON = ({ value }) => JSON.stringify(value);
    var jsonScalars = [
      {
        identify: (value) => typeof value === "string",
        default: true,
        tag: "tag:yaml.org,2002:str",
        resolve: (str) => str,
        stringify: stringifyJSON
      },
      {
        identify: (value) => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: "tag:yaml.org,2002:null",
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
      },
      {
        identify: (value) => typeof value === "boolean",
        default: true,
        tag: "tag:yaml.org,2002:bool",
        test: /^true$|^false$/,
        resolve: (str) => str === "true",
        stringify: stringifyJSON
      },
      {
        identify: intIdentify,
        default: true,
        tag: "tag:yaml.org,2002:int",
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
      },
      {
        identify: (value) => typeof value === "number",
        default: true,
        tag: "tag:yaml.org,2002:float",
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: (str) => parseFloat(str),
        stringify: stringifyJSON
      }
    ];
    var jsonError = {
      default: true,
      tag: "",
      test: /^/,
      resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
      }
    };
    var schema = [map.map, seq.seq].concat(jsonScalars, jsonError);
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/binary.js
var require_binary = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/binary.js"(exports) {
    "use strict";
    var node_buffer = __require("buffer");
    var Scalar = require_Scalar();
    var stringifyString = require_stringifyString();
    var binary = {
      identify: (value) => value instanceof Uint8Array,
      // Buffer inherits from Uint8Array
      default: false,
      tag: "tag:yaml.org,2002:binary",
      /**
       * Returns a Buffer in node and an Uint8Array in browsers
       *
       * To use the resulting buffer as an image, you'll want to do something like:
       *
       *   const blob = new Blob([buffer], { type: 'image/jpeg' })
       *   document.querySelector('#photo').src = URL.createObjectURL(blob)
       */
      resolve(src, onError) {
        if (typeof node_buffer.Buffer === "function") {
          return node_buffer.Buffer.from(src, "base64");
        } else if (typeof atob === "function") {
          const str = atob(src.replace(/[\n\r]/g, ""));
          const buffer = new Uint8Array(str.length);
          for (let i = 0; i < str.length; ++i)
            buffer[i] = str.charCodeAt(i);
          return buffer;
        } else {
          onError("This environment does not support reading binary tags; either Buffer or atob is required");
          return src;
        }
      },
      stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
          return "";
        const buf = value;
        let str;
        if (typeof node_buffer.Buffer === "function") {
          str = buf instanceof node_buffer.Buffer ? buf.toString("base64") : node_buffer.Buffer.from(buf.buffer).toString("base64");
        } else if (typeof btoa === "function") {
          let s = "";
          for (let i = 0; i < buf.length; ++i)
            s += String.fromCharCode(buf[i]);
          str = btoa(s);
        } else {
          throw new Error("This environment does not support writing binary tags; either Buffer or btoa is required");
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
          const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
          const n = Math.ceil(str.length / lineWidth);
          const lines = new Array(n);
          for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
            lines[i] = str.substr(o, lineWidth);
          }
          str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? "\n" : " ");
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
      }
    };
    exports.binary = binary;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/pairs.js
var require_pairs = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/pairs.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLSeq = require_YAMLSeq();
    function resolvePairs(seq, onError) {
      if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
          let item = seq.items[i];
          if (identity.isPair(item))
            continue;
          else if (identity.isMap(item)) {
            if (item.items.length > 1)
              onError("Each pair must have its own sequence indicator");
            const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
            if (item.commentBefore)
              pair.key.commentBefore = pair.key.commentBefore ? `${item.commentBefore}
${pair.key.commentBefore}` : item.commentBefore;
            if (item.comment) {
              const cn = pair.value ?? pair.key;
              cn.comment = cn.comment ? `${item.comment}
${cn.comment}` : item.comment;
            }
            item = pair;
          }
          seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
      } else
        onError("Expected a sequence for this tag");
      return seq;
    }
    function createPairs(schema, iterable, ctx) {
      const { replacer } = ctx;
      const pairs2 = new YAMLSeq.YAMLSeq(schema);
      pairs2.tag = "tag:yaml.org,2002:pairs";
      let i = 0;
      if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
          if (typeof replacer === "function")
            it = replacer.call(iterable, String(i++), it);
          let key, value;
          if (Array.isArray(it)) {
            if (it.length === 2) {
              key = it[0];
              value = it[1];
            } else
              throw new TypeError(`Expected [key, value] tuple: ${it}`);
          } else if (it && it instanceof Object) {
            const keys = Object.keys(it);
            if (keys.length === 1) {
              key = keys[0];
              value = it[key];
            } else {
              throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
            }
          } else {
            key = it;
          }
          pairs2.items.push(Pair.createPair(key, value, ctx));
        }
      return pairs2;
    }
    var pairs = {
      collection: "seq",
      default: false,
      tag: "tag:yaml.org,2002:pairs",
      resolve: resolvePairs,
      createNode: createPairs
    };
    exports.createPairs = createPairs;
    exports.pairs = pairs;
    exports.resolvePairs = resolvePairs;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/omap.js
var require_omap = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/omap.js"(exports) {
    "use strict";
    var identity = require_identity();
    var toJS = require_toJS();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var pairs = require_pairs();
    var YAMLOMap = class _YAMLOMap extends YAMLSeq.YAMLSeq {
      constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = _YAMLOMap.tag;
      }
      /**
       * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
       * but TypeScript won't allow widening the signature of a child method.
       */
      toJSON(_, ctx) {
        if (!ctx)
          return super.toJSON(_);
        const map = /* @__PURE__ */ new Map();
        if (ctx?.onCreate)
          ctx.onCreate(map);
        for (const pair of this.items) {
          let key, value;
          if (identity.isPair(pair)) {
            key = toJS.toJS(pair.key, "", ctx);
            value = toJS.toJS(pair.value, key, ctx);
          } else {
            key = toJS.toJS(pair, "", ctx);
          }
          if (map.has(key))
            throw new Error("Ordered maps must not include duplicate keys");
          map.set(key, value);
        }
        return map;
      }
      static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap2 = new this();
        omap2.items = pairs$1.items;
        return omap2;
      }
    };
    YAMLOMap.tag = "tag:yaml.org,2002:omap";
    var omap = {
      collection: "seq",
      identify: (value) => value instanceof Map,
      nodeClass: YAMLOMap,
      default: false,
      tag: "tag:yaml.org,2002:omap",
      resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
          if (identity.isScalar(key)) {
            if (seenKeys.includes(key.value)) {
              onError(`Ordered maps must not include duplicate keys: ${key.value}`);
            } else {
              seenKeys.push(key.value);
            }
          }
        }
        return Object.assign(new YAMLOMap(), pairs$1);
      },
      createNode: (schema, iterable, ctx) => YAMLOMap.from(schema, iterable, ctx)
    };
    exports.YAMLOMap = YAMLOMap;
    exports.omap = omap;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/bool.js
var require_bool2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/bool.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function boolStringify({ value, source }, ctx) {
      const boolObj = value ? trueTag : falseTag;
      if (source && boolObj.test.test(source))
        return source;
      return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
    var trueTag = {
      identify: (value) => value === true,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
      resolve: () => new Scalar.Scalar(true),
      stringify: boolStringify
    };
    var falseTag = {
      identify: (value) => value === false,
      default: true,
      tag: "tag:yaml.org,2002:bool",
      test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
      resolve: () => new Scalar.Scalar(false),
      stringify: boolStringify
    };
    exports.falseTag = falseTag;
    exports.trueTag = trueTag;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/float.js
var require_float2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/float.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var stringifyNumber = require_stringifyNumber();
    var floatNaN = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
      resolve: (str) => str.slice(-3).toLowerCase() === "nan" ? NaN : str[0] === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY,
      stringify: stringifyNumber.stringifyNumber
    };
    var floatExp = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "EXP",
      test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
      resolve: (str) => parseFloat(str.replace(/_/g, "")),
      stringify(node2) {
        const num = Number(node2.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node2);
      }
    };
    var float = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
      resolve(str) {
        const node2 = new Scalar.Scalar(parseFloat(str.replace(/_/g, "")));
        const dot = str.indexOf(".");
        if (dot !== -1) {
          const f = str.substring(dot + 1).replace(/_/g, "");
          if (f[f.length - 1] === "0")
            node2.minFractionDigits = f.length;
        }
        return node2;
      },
      stringify: stringifyNumber.stringifyNumber
    };
    exports.float = float;
    exports.floatExp = floatExp;
    exports.floatNaN = floatNaN;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/int.js
var require_int2 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/int.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    var intIdentify = (value) => typeof value === "bigint" || Number.isInteger(value);
    function intResolve(str, offset, radix, { intAsBigInt }) {
      const sign = str[0];
      if (sign === "-" || sign === "+")
        offset += 1;
      str = str.substring(offset).replace(/_/g, "");
      if (intAsBigInt) {
        switch (radix) {
          case 2:
            str = `0b${str}`;
            break;
          case 8:
            str = `0o${str}`;
            break;
          case 16:
            str = `0x${str}`;
            break;
        }
        const n2 = BigInt(str);
        return sign === "-" ? BigInt(-1) * n2 : n2;
      }
      const n = parseInt(str, radix);
      return sign === "-" ? -1 * n : n;
    }
    function intStringify(node2, radix, prefix) {
      const { value } = node2;
      if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? "-" + prefix + str.substr(1) : prefix + str;
      }
      return stringifyNumber.stringifyNumber(node2);
    }
    var intBin = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "BIN",
      test: /^[-+]?0b[0-1_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
      stringify: (node2) => intStringify(node2, 2, "0b")
    };
    var intOct = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "OCT",
      test: /^[-+]?0[0-7_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
      stringify: (node2) => intStringify(node2, 8, "0")
    };
    var int2 = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      test: /^[-+]?[0-9][0-9_]*$/,
      resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
      stringify: stringifyNumber.stringifyNumber
    };
    var intHex = {
      identify: intIdentify,
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "HEX",
      test: /^[-+]?0x[0-9a-fA-F_]+$/,
      resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
      stringify: (node2) => intStringify(node2, 16, "0x")
    };
    exports.int = int2;
    exports.intBin = intBin;
    exports.intHex = intHex;
    exports.intOct = intOct;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/set.js
var require_set = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/set.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSet = class _YAMLSet extends YAMLMap.YAMLMap {
      constructor(schema) {
        super(schema);
        this.tag = _YAMLSet.tag;
      }
      add(key) {
        let pair;
        if (identity.isPair(key))
          pair = key;
        else if (key && typeof key === "object" && "key" in key && "value" in key && key.value === null)
          pair = new Pair.Pair(key.key, null);
        else
          pair = new Pair.Pair(key, null);
        const prev = YAMLMap.findPair(this.items, pair.key);
        if (!prev)
          this.items.push(pair);
      }
      /**
       * If `keepPair` is `true`, returns the Pair matching `key`.
       * Otherwise, returns the value of that Pair's key.
       */
      get(key, keepPair) {
        const pair = YAMLMap.findPair(this.items, key);
        return !keepPair && identity.isPair(pair) ? identity.isScalar(pair.key) ? pair.key.value : pair.key : pair;
      }
      set(key, value) {
        if (typeof value !== "boolean")
          throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
          this.items.splice(this.items.indexOf(prev), 1);
        } else if (!prev && value) {
          this.items.push(new Pair.Pair(key));
        }
      }
      toJSON(_, ctx) {
        return super.toJSON(_, ctx, Set);
      }
      toString(ctx, onComment, onChompKeep) {
        if (!ctx)
          return JSON.stringify(this);
        if (this.hasAllNullValues(true))
          return super.toString(Object.assign({}, ctx, { allNullValues: true }), onComment, onChompKeep);
        else
          throw new Error("Set items must all have null values");
      }
      static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set2 = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
          for (let value of iterable) {
            if (typeof replacer === "function")
              value = replacer.call(iterable, value, value);
            set2.items.push(Pair.createPair(value, null, ctx));
          }
        return set2;
      }
    };
    YAMLSet.tag = "tag:yaml.org,2002:set";
    var set = {
      collection: "map",
      identify: (value) => value instanceof Set,
      nodeClass: YAMLSet,
      default: false,
      tag: "tag:yaml.org,2002:set",
      createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
      resolve(map, onError) {
        if (identity.isMap(map)) {
          if (map.hasAllNullValues(true))
            return Object.assign(new YAMLSet(), map);
          else
            onError("Set items must all have null values");
        } else
          onError("Expected a mapping for this tag");
        return map;
      }
    };
    exports.YAMLSet = YAMLSet;
    exports.set = set;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/timestamp.js
var require_timestamp = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/timestamp.js"(exports) {
    "use strict";
    var stringifyNumber = require_stringifyNumber();
    function parseSexagesimal(str, asBigInt) {
      const sign = str[0];
      const parts = sign === "-" || sign === "+" ? str.substring(1) : str;
      const num = (n) => asBigInt ? BigInt(n) : Number(n);
      const res = parts.replace(/_/g, "").split(":").reduce((res2, p) => res2 * num(60) + num(p), num(0));
      return sign === "-" ? num(-1) * res : res;
    }
    function stringifySexagesimal(node2) {
      let { value } = node2;
      let num = (n) => n;
      if (typeof value === "bigint")
        num = (n) => BigInt(n);
      else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node2);
      let sign = "";
      if (value < 0) {
        sign = "-";
        value *= num(-1);
      }
      const _60 = num(60);
      const parts = [value % _60];
      if (value < 60) {
        parts.unshift(0);
      } else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60);
        if (value >= 60) {
          value = (value - parts[0]) / _60;
          parts.unshift(value);
        }
      }
      return sign + parts.map((n) => String(n).padStart(2, "0")).join(":").replace(/000000\d*$/, "");
    }
    var intTime = {
      identify: (value) => typeof value === "bigint" || Number.isInteger(value),
      default: true,
      tag: "tag:yaml.org,2002:int",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
      resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
      stringify: stringifySexagesimal
    };
    var floatTime = {
      identify: (value) => typeof value === "number",
      default: true,
      tag: "tag:yaml.org,2002:float",
      format: "TIME",
      test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
      resolve: (str) => parseSexagesimal(str, false),
      stringify: stringifySexagesimal
    };
    var timestamp = {
      identify: (value) => value instanceof Date,
      default: true,
      tag: "tag:yaml.org,2002:timestamp",
      // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
      // may be omitted altogether, resulting in a date format. In such a case, the time part is
      // assumed to be 00:00:00Z (start of day, UTC).
      test: RegExp("^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})(?:(?:t|T|[ \\t]+)([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?)?$"),
      resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
          throw new Error("!!timestamp expects a date, starting with yyyy-mm-dd");
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + "00").substr(1, 3)) : 0;
        let date2 = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== "Z") {
          let d = parseSexagesimal(tz, false);
          if (Math.abs(d) < 30)
            d *= 60;
          date2 -= 6e4 * d;
        }
        return new Date(date2);
      },
      stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, "") ?? ""
    };
    exports.floatTime = floatTime;
    exports.intTime = intTime;
    exports.timestamp = timestamp;
  }
});

// node_modules/yaml/dist/schema/yaml-1.1/schema.js
var require_schema3 = __commonJS({
  "node_modules/yaml/dist/schema/yaml-1.1/schema.js"(exports) {
    "use strict";
    var map = require_map();
    var _null3 = require_null();
    var seq = require_seq();
    var string3 = require_string();
    var binary = require_binary();
    var bool = require_bool2();
    var float = require_float2();
    var int2 = require_int2();
    var merge2 = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var set = require_set();
    var timestamp = require_timestamp();
    var schema = [
      map.map,
      seq.seq,
      string3.string,
      _null3.nullTag,
      bool.trueTag,
      bool.falseTag,
      int2.intBin,
      int2.intOct,
      int2.int,
      int2.intHex,
      float.floatNaN,
      float.floatExp,
      float.float,
      binary.binary,
      merge2.merge,
      omap.omap,
      pairs.pairs,
      set.set,
      timestamp.intTime,
      timestamp.floatTime,
      timestamp.timestamp
    ];
    exports.schema = schema;
  }
});

// node_modules/yaml/dist/schema/tags.js
var require_tags = __commonJS({
  "node_modules/yaml/dist/schema/tags.js"(exports) {
    "use strict";
    var map = require_map();
    var _null3 = require_null();
    var seq = require_seq();
    var string3 = require_string();
    var bool = require_bool();
    var float = require_float();
    var int2 = require_int();
    var schema = require_schema();
    var schema$1 = require_schema2();
    var binary = require_binary();
    var merge2 = require_merge();
    var omap = require_omap();
    var pairs = require_pairs();
    var schema$2 = require_schema3();
    var set = require_set();
    var timestamp = require_timestamp();
    var schemas = /* @__PURE__ */ new Map([
      ["core", schema.schema],
      ["failsafe", [map.map, seq.seq, string3.string]],
      ["json", schema$1.schema],
      ["yaml11", schema$2.schema],
      ["yaml-1.1", schema$2.schema]
    ]);
    var tagsByName = {
      binary: binary.binary,
      bool: bool.boolTag,
      float: float.float,
      floatExp: float.floatExp,
      floatNaN: float.floatNaN,
      floatTime: timestamp.floatTime,
      int: int2.int,
      intHex: int2.intHex,
      intOct: int2.intOct,
      intTime: timestamp.intTime,
      map: map.map,
      merge: merge2.merge,
      null: _null3.nullTag,
      omap: omap.omap,
      pairs: pairs.pairs,
      seq: seq.seq,
      set: set.set,
      timestamp: timestamp.timestamp
    };
    var coreKnownTags = {
      "tag:yaml.org,2002:binary": binary.binary,
      "tag:yaml.org,2002:merge": merge2.merge,
      "tag:yaml.org,2002:omap": omap.omap,
      "tag:yaml.org,2002:pairs": pairs.pairs,
      "tag:yaml.org,2002:set": set.set,
      "tag:yaml.org,2002:timestamp": timestamp.timestamp
    };
    function getTags(customTags, schemaName, addMergeTag) {
      const schemaTags = schemas.get(schemaName);
      if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge2.merge) ? schemaTags.concat(merge2.merge) : schemaTags.slice();
      }
      let tags = schemaTags;
      if (!tags) {
        if (Array.isArray(customTags))
          tags = [];
        else {
          const keys = Array.from(schemas.keys()).filter((key) => key !== "yaml11").map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
      }
      if (Array.isArray(customTags)) {
        for (const tag of customTags)
          tags = tags.concat(tag);
      } else if (typeof customTags === "function") {
        tags = customTags(tags.slice());
      }
      if (addMergeTag)
        tags = tags.concat(merge2.merge);
      return tags.reduce((tags2, tag) => {
        const tagObj = typeof tag === "string" ? tagsByName[tag] : tag;
        if (!tagObj) {
          const tagName = JSON.stringify(tag);
          const keys = Object.keys(tagsByName).map((key) => JSON.stringify(key)).join(", ");
          throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags2.includes(tagObj))
          tags2.push(tagObj);
        return tags2;
      }, []);
    }
    exports.coreKnownTags = coreKnownTags;
    exports.getTags = getTags;
  }
});

// node_modules/yaml/dist/schema/Schema.js
var require_Schema = __commonJS({
  "node_modules/yaml/dist/schema/Schema.js"(exports) {
    "use strict";
    var identity = require_identity();
    var map = require_map();
    var seq = require_seq();
    var string3 = require_string();
    var tags = require_tags();
    var sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
    var Schema = class _Schema {
      constructor({ compat, customTags, merge: merge2, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat) ? tags.getTags(compat, "compat") : compat ? tags.getTags(null, compat) : null;
        this.name = typeof schema === "string" && schema || "core";
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge2);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string3.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        this.sortMapEntries = typeof sortMapEntries === "function" ? sortMapEntries : sortMapEntries === true ? sortMapEntriesByKey : null;
      }
      clone() {
        const copy = Object.create(_Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
      }
    };
    exports.Schema = Schema;
  }
});

// node_modules/yaml/dist/stringify/stringifyDocument.js
var require_stringifyDocument = __commonJS({
  "node_modules/yaml/dist/stringify/stringifyDocument.js"(exports) {
    "use strict";
    var identity = require_identity();
    var stringify = require_stringify();
    var stringifyComment = require_stringifyComment();
    function stringifyDocument(doc, options) {
      const lines = [];
      let hasDirectives = options.directives === true;
      if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
          lines.push(dir);
          hasDirectives = true;
        } else if (doc.directives.docStart)
          hasDirectives = true;
      }
      if (hasDirectives)
        lines.push("---");
      const ctx = stringify.createStringifyContext(doc, options);
      const { commentString } = ctx.options;
      if (doc.commentBefore) {
        if (lines.length !== 1)
          lines.unshift("");
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ""));
      }
      let chompKeep = false;
      let contentComment = null;
      if (doc.contents) {
        if (identity.isNode(doc.contents)) {
          if (doc.contents.spaceBefore && hasDirectives)
            lines.push("");
          if (doc.contents.commentBefore) {
            const cs = commentString(doc.contents.commentBefore);
            lines.push(stringifyComment.indentComment(cs, ""));
          }
          ctx.forceBlockIndent = !!doc.comment;
          contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? void 0 : () => chompKeep = true;
        let body = stringify.stringify(doc.contents, ctx, () => contentComment = null, onChompKeep);
        if (contentComment)
          body += stringifyComment.lineComment(body, "", commentString(contentComment));
        if ((body[0] === "|" || body[0] === ">") && lines[lines.length - 1] === "---") {
          lines[lines.length - 1] = `--- ${body}`;
        } else
          lines.push(body);
      } else {
        lines.push(stringify.stringify(doc.contents, ctx));
      }
      if (doc.directives?.docEnd) {
        if (doc.comment) {
          const cs = commentString(doc.comment);
          if (cs.includes("\n")) {
            lines.push("...");
            lines.push(stringifyComment.indentComment(cs, ""));
          } else {
            lines.push(`... ${cs}`);
          }
        } else {
          lines.push("...");
        }
      } else {
        let dc = doc.comment;
        if (dc && chompKeep)
          dc = dc.replace(/^\n+/, "");
        if (dc) {
          if ((!chompKeep || contentComment) && lines[lines.length - 1] !== "")
            lines.push("");
          lines.push(stringifyComment.indentComment(commentString(dc), ""));
        }
      }
      return lines.join("\n") + "\n";
    }
    exports.stringifyDocument = stringifyDocument;
  }
});

// node_modules/yaml/dist/doc/Document.js
var require_Document = __commonJS({
  "node_modules/yaml/dist/doc/Document.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var Collection = require_Collection();
    var identity = require_identity();
    var Pair = require_Pair();
    var toJS = require_toJS();
    var Schema = require_Schema();
    var stringifyDocument = require_stringifyDocument();
    var anchors = require_anchors();
    var applyReviver = require_applyReviver();
    var createNode = require_createNode();
    var directives = require_directives();
    var Document = class _Document {
      constructor(value, replacer, options) {
        this.commentBefore = null;
        this.comment = null;
        this.errors = [];
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === "function" || Array.isArray(replacer)) {
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const opt = Object.assign({
          intAsBigInt: false,
          keepSourceTokens: false,
          logLevel: "warn",
          prettyErrors: true,
          strict: true,
          stringKeys: false,
          uniqueKeys: true,
          version: "1.2"
        }, options);
        this.options = opt;
        let { version: version2 } = opt;
        if (options?._directives) {
          this.directives = options._directives.atDocument();
          if (this.directives.yaml.explicit)
            version2 = this.directives.yaml.version;
        } else
          this.directives = new directives.Directives({ version: version2 });
        this.setSchema(version2, options);
        this.contents = value === void 0 ? null : this.createNode(value, _replacer, options);
      }
      /**
       * Create a deep copy of this Document and its contents.
       *
       * Custom Node values that inherit from `Object` still refer to their original instances.
       */
      clone() {
        const copy = Object.create(_Document.prototype, {
          [identity.NODE_TYPE]: { value: identity.DOC }
        });
        copy.commentBefore = this.commentBefore;
        copy.comment = this.comment;
        copy.errors = this.errors.slice();
        copy.warnings = this.warnings.slice();
        copy.options = Object.assign({}, this.options);
        if (this.directives)
          copy.directives = this.directives.clone();
        copy.schema = this.schema.clone();
        copy.contents = identity.isNode(this.contents) ? this.contents.clone(copy.schema) : this.contents;
        if (this.range)
          copy.range = this.range.slice();
        return copy;
      }
      /** Adds a value to the document. */
      add(value) {
        if (assertCollection(this.contents))
          this.contents.add(value);
      }
      /** Adds a value to the document. */
      addIn(path12, value) {
        if (assertCollection(this.contents))
          this.contents.addIn(path12, value);
      }
      /**
       * Create a new `Alias` node, ensuring that the target `node` has the required anchor.
       *
       * If `node` already has an anchor, `name` is ignored.
       * Otherwise, the `node.anchor` value will be set to `name`,
       * or if an anchor with that name is already present in the document,
       * `name` will be used as a prefix for a new unique anchor.
       * If `name` is undefined, the generated anchor will use 'a' as a prefix.
       */
      createAlias(node2, name) {
        if (!node2.anchor) {
          const prev = anchors.anchorNames(this);
          node2.anchor = // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          !name || prev.has(name) ? anchors.findNewAnchor(name || "a", prev) : name;
        }
        return new Alias.Alias(node2.anchor);
      }
      createNode(value, replacer, options) {
        let _replacer = void 0;
        if (typeof replacer === "function") {
          value = replacer.call({ "": value }, "", value);
          _replacer = replacer;
        } else if (Array.isArray(replacer)) {
          const keyToStr = (v) => typeof v === "number" || v instanceof String || v instanceof Number;
          const asStr = replacer.filter(keyToStr).map(String);
          if (asStr.length > 0)
            replacer = replacer.concat(asStr);
          _replacer = replacer;
        } else if (options === void 0 && replacer) {
          options = replacer;
          replacer = void 0;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(
          this,
          // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
          anchorPrefix || "a"
        );
        const ctx = {
          aliasDuplicateObjects: aliasDuplicateObjects ?? true,
          keepUndefined: keepUndefined ?? false,
          onAnchor,
          onTagObj,
          replacer: _replacer,
          schema: this.schema,
          sourceObjects
        };
        const node2 = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node2))
          node2.flow = true;
        setAnchors();
        return node2;
      }
      /**
       * Convert a key and a value into a `Pair` using the current schema,
       * recursively wrapping all values as `Scalar` or `Collection` nodes.
       */
      createPair(key, value, options = {}) {
        const k = this.createNode(key, null, options);
        const v = this.createNode(value, null, options);
        return new Pair.Pair(k, v);
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      delete(key) {
        return assertCollection(this.contents) ? this.contents.delete(key) : false;
      }
      /**
       * Removes a value from the document.
       * @returns `true` if the item was found and removed.
       */
      deleteIn(path12) {
        if (Collection.isEmptyPath(path12)) {
          if (this.contents == null)
            return false;
          this.contents = null;
          return true;
        }
        return assertCollection(this.contents) ? this.contents.deleteIn(path12) : false;
      }
      /**
       * Returns item at `key`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      get(key, keepScalar) {
        return identity.isCollection(this.contents) ? this.contents.get(key, keepScalar) : void 0;
      }
      /**
       * Returns item at `path`, or `undefined` if not found. By default unwraps
       * scalar values from their surrounding node; to disable set `keepScalar` to
       * `true` (collections are always returned intact).
       */
      getIn(path12, keepScalar) {
        if (Collection.isEmptyPath(path12))
          return !keepScalar && identity.isScalar(this.contents) ? this.contents.value : this.contents;
        return identity.isCollection(this.contents) ? this.contents.getIn(path12, keepScalar) : void 0;
      }
      /**
       * Checks if the document includes a value with the key `key`.
       */
      has(key) {
        return identity.isCollection(this.contents) ? this.contents.has(key) : false;
      }
      /**
       * Checks if the document includes a value at `path`.
       */
      hasIn(path12) {
        if (Collection.isEmptyPath(path12))
          return this.contents !== void 0;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path12) : false;
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      set(key, value) {
        if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, [key], value);
        } else if (assertCollection(this.contents)) {
          this.contents.set(key, value);
        }
      }
      /**
       * Sets a value in this document. For `!!set`, `value` needs to be a
       * boolean to add/remove the item from the set.
       */
      setIn(path12, value) {
        if (Collection.isEmptyPath(path12)) {
          this.contents = value;
        } else if (this.contents == null) {
          this.contents = Collection.collectionFromPath(this.schema, Array.from(path12), value);
        } else if (assertCollection(this.contents)) {
          this.contents.setIn(path12, value);
        }
      }
      /**
       * Change the YAML version and schema used by the document.
       * A `null` version disables support for directives, explicit tags, anchors, and aliases.
       * It also requires the `schema` option to be given as a `Schema` instance value.
       *
       * Overrides all previously set schema options.
       */
      setSchema(version2, options = {}) {
        if (typeof version2 === "number")
          version2 = String(version2);
        let opt;
        switch (version2) {
          case "1.1":
            if (this.directives)
              this.directives.yaml.version = "1.1";
            else
              this.directives = new directives.Directives({ version: "1.1" });
            opt = { resolveKnownTags: false, schema: "yaml-1.1" };
            break;
          case "1.2":
          case "next":
            if (this.directives)
              this.directives.yaml.version = version2;
            else
              this.directives = new directives.Directives({ version: version2 });
            opt = { resolveKnownTags: true, schema: "core" };
            break;
          case null:
            if (this.directives)
              delete this.directives;
            opt = null;
            break;
          default: {
            const sv = JSON.stringify(version2);
            throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
          }
        }
        if (options.schema instanceof Object)
          this.schema = options.schema;
        else if (opt)
          this.schema = new Schema.Schema(Object.assign(opt, options));
        else
          throw new Error(`With a null YAML version, the { schema: Schema } option is required`);
      }
      // json & jsonArg are only used from toJSON()
      toJS({ json, jsonArg, mapAsMap, maxAliasCount, onAnchor, reviver } = {}) {
        const ctx = {
          anchors: /* @__PURE__ */ new Map(),
          doc: this,
          keep: !json,
          mapAsMap: mapAsMap === true,
          mapKeyWarned: false,
          maxAliasCount: typeof maxAliasCount === "number" ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? "", ctx);
        if (typeof onAnchor === "function")
          for (const { count: count2, res: res2 } of ctx.anchors.values())
            onAnchor(res2, count2);
        return typeof reviver === "function" ? applyReviver.applyReviver(reviver, { "": res }, "", res) : res;
      }
      /**
       * A JSON representation of the document `contents`.
       *
       * @param jsonArg Used by `JSON.stringify` to indicate the array index or
       *   property name.
       */
      toJSON(jsonArg, onAnchor) {
        return this.toJS({ json: true, jsonArg, mapAsMap: false, onAnchor });
      }
      /** A YAML representation of the document. */
      toString(options = {}) {
        if (this.errors.length > 0)
          throw new Error("Document with errors cannot be stringified");
        if ("indent" in options && (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
          const s = JSON.stringify(options.indent);
          throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
      }
    };
    function assertCollection(contents) {
      if (identity.isCollection(contents))
        return true;
      throw new Error("Expected a YAML collection as document contents");
    }
    exports.Document = Document;
  }
});

// node_modules/yaml/dist/errors.js
var require_errors = __commonJS({
  "node_modules/yaml/dist/errors.js"(exports) {
    "use strict";
    var YAMLError = class extends Error {
      constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
      }
    };
    var YAMLParseError = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLParseError", pos, code, message);
      }
    };
    var YAMLWarning = class extends YAMLError {
      constructor(pos, code, message) {
        super("YAMLWarning", pos, code, message);
      }
    };
    var prettifyError2 = (src, lc) => (error2) => {
      if (error2.pos[0] === -1)
        return;
      error2.linePos = error2.pos.map((pos) => lc.linePos(pos));
      const { line, col } = error2.linePos[0];
      error2.message += ` at line ${line}, column ${col}`;
      let ci = col - 1;
      let lineStr = src.substring(lc.lineStarts[line - 1], lc.lineStarts[line]).replace(/[\n\r]+$/, "");
      if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = "…" + lineStr.substring(trimStart);
        ci -= trimStart - 1;
      }
      if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + "…";
      if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
          prev = prev.substring(0, 79) + "…\n";
        lineStr = prev + lineStr;
      }
      if (/[^ ]/.test(lineStr)) {
        let count2 = 1;
        const end = error2.linePos[1];
        if (end?.line === line && end.col > col) {
          count2 = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = " ".repeat(ci) + "^".repeat(count2);
        error2.message += `:

${lineStr}
${pointer}
`;
      }
    };
    exports.YAMLError = YAMLError;
    exports.YAMLParseError = YAMLParseError;
    exports.YAMLWarning = YAMLWarning;
    exports.prettifyError = prettifyError2;
  }
});

// node_modules/yaml/dist/compose/resolve-props.js
var require_resolve_props = __commonJS({
  "node_modules/yaml/dist/compose/resolve-props.js"(exports) {
    "use strict";
    function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
      let spaceBefore = false;
      let atNewline = startOnNewline;
      let hasSpace = startOnNewline;
      let comment = "";
      let commentSep = "";
      let hasNewline = false;
      let reqSpace = false;
      let tab = null;
      let anchor2 = null;
      let tag = null;
      let newlineAfterProp = null;
      let comma = null;
      let found = null;
      let start = null;
      for (const token of tokens) {
        if (reqSpace) {
          if (token.type !== "space" && token.type !== "newline" && token.type !== "comma")
            onError(token.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
          reqSpace = false;
        }
        if (tab) {
          if (atNewline && token.type !== "comment" && token.type !== "newline") {
            onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
          }
          tab = null;
        }
        switch (token.type) {
          case "space":
            if (!flow && (indicator !== "doc-start" || next?.type !== "flow-collection") && token.source.includes("	")) {
              tab = token;
            }
            hasSpace = true;
            break;
          case "comment": {
            if (!hasSpace)
              onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
            const cb = token.source.substring(1) || " ";
            if (!comment)
              comment = cb;
            else
              comment += commentSep + cb;
            commentSep = "";
            atNewline = false;
            break;
          }
          case "newline":
            if (atNewline) {
              if (comment)
                comment += token.source;
              else if (!found || indicator !== "seq-item-ind")
                spaceBefore = true;
            } else
              commentSep += token.source;
            atNewline = true;
            hasNewline = true;
            if (anchor2 || tag)
              newlineAfterProp = token;
            hasSpace = true;
            break;
          case "anchor":
            if (anchor2)
              onError(token, "MULTIPLE_ANCHORS", "A node can have at most one anchor");
            if (token.source.endsWith(":"))
              onError(token.offset + token.source.length - 1, "BAD_ALIAS", "Anchor ending in : is ambiguous", true);
            anchor2 = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          case "tag": {
            if (tag)
              onError(token, "MULTIPLE_TAGS", "A node can have at most one tag");
            tag = token;
            start ?? (start = token.offset);
            atNewline = false;
            hasSpace = false;
            reqSpace = true;
            break;
          }
          case indicator:
            if (anchor2 || tag)
              onError(token, "BAD_PROP_ORDER", `Anchors and tags must be after the ${token.source} indicator`);
            if (found)
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.source} in ${flow ?? "collection"}`);
            found = token;
            atNewline = indicator === "seq-item-ind" || indicator === "explicit-key-ind";
            hasSpace = false;
            break;
          case "comma":
            if (flow) {
              if (comma)
                onError(token, "UNEXPECTED_TOKEN", `Unexpected , in ${flow}`);
              comma = token;
              atNewline = false;
              hasSpace = false;
              break;
            }
          // else fallthrough
          default:
            onError(token, "UNEXPECTED_TOKEN", `Unexpected ${token.type} token`);
            atNewline = false;
            hasSpace = false;
        }
      }
      const last = tokens[tokens.length - 1];
      const end = last ? last.offset + last.source.length : offset;
      if (reqSpace && next && next.type !== "space" && next.type !== "newline" && next.type !== "comma" && (next.type !== "scalar" || next.source !== "")) {
        onError(next.offset, "MISSING_CHAR", "Tags and anchors must be separated from the next token by white space");
      }
      if (tab && (atNewline && tab.indent <= parentIndent || next?.type === "block-map" || next?.type === "block-seq"))
        onError(tab, "TAB_AS_INDENT", "Tabs are not allowed as indentation");
      return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor: anchor2,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
      };
    }
    exports.resolveProps = resolveProps;
  }
});

// node_modules/yaml/dist/compose/util-contains-newline.js
var require_util_contains_newline = __commonJS({
  "node_modules/yaml/dist/compose/util-contains-newline.js"(exports) {
    "use strict";
    function containsNewline(key) {
      if (!key)
        return null;
      switch (key.type) {
        case "alias":
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          if (key.source.includes("\n"))
            return true;
          if (key.end) {
            for (const st of key.end)
              if (st.type === "newline")
                return true;
          }
          return false;
        case "flow-collection":
          for (const it of key.items) {
            for (const st of it.start)
              if (st.type === "newline")
                return true;
            if (it.sep) {
              for (const st of it.sep)
                if (st.type === "newline")
                  return true;
            }
            if (containsNewline(it.key) || containsNewline(it.value))
              return true;
          }
          return false;
        default:
          return true;
      }
    }
    exports.containsNewline = containsNewline;
  }
});

// node_modules/yaml/dist/compose/util-flow-indent-check.js
var require_util_flow_indent_check = __commonJS({
  "node_modules/yaml/dist/compose/util-flow-indent-check.js"(exports) {
    "use strict";
    var utilContainsNewline = require_util_contains_newline();
    function flowIndentCheck(indent, fc, onError) {
      if (fc?.type === "flow-collection") {
        const end = fc.end[0];
        if (end.indent === indent && (end.source === "]" || end.source === "}") && utilContainsNewline.containsNewline(fc)) {
          const msg = "Flow end indicator should be more indented than parent";
          onError(end, "BAD_INDENT", msg, true);
        }
      }
    }
    exports.flowIndentCheck = flowIndentCheck;
  }
});

// node_modules/yaml/dist/compose/util-map-includes.js
var require_util_map_includes = __commonJS({
  "node_modules/yaml/dist/compose/util-map-includes.js"(exports) {
    "use strict";
    var identity = require_identity();
    function mapIncludes(ctx, items, search) {
      const { uniqueKeys } = ctx.options;
      if (uniqueKeys === false)
        return false;
      const isEqual = typeof uniqueKeys === "function" ? uniqueKeys : (a, b) => a === b || identity.isScalar(a) && identity.isScalar(b) && a.value === b.value;
      return items.some((pair) => isEqual(pair.key, search));
    }
    exports.mapIncludes = mapIncludes;
  }
});

// node_modules/yaml/dist/compose/resolve-block-map.js
var require_resolve_block_map = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-map.js"(exports) {
    "use strict";
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    var utilMapIncludes = require_util_map_includes();
    var startColMsg = "All mapping items must start at the same column";
    function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
      const map = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      let offset = bm.offset;
      let commentEnd = null;
      for (const collItem of bm.items) {
        const { start, key, sep, value } = collItem;
        const keyProps = resolveProps.resolveProps(start, {
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: bm.indent,
          startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
          if (key) {
            if (key.type === "block-seq")
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "A block sequence may not be used as an implicit map key");
            else if ("indent" in key && key.indent !== bm.indent)
              onError(offset, "BAD_INDENT", startColMsg);
          }
          if (!keyProps.anchor && !keyProps.tag && !sep) {
            commentEnd = keyProps.end;
            if (keyProps.comment) {
              if (map.comment)
                map.comment += "\n" + keyProps.comment;
              else
                map.comment = keyProps.comment;
            }
            continue;
          }
          if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
            onError(key ?? start[start.length - 1], "MULTILINE_IMPLICIT_KEY", "Implicit keys need to be on a single line");
          }
        } else if (keyProps.found?.indent !== bm.indent) {
          onError(offset, "BAD_INDENT", startColMsg);
        }
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key ? composeNode(ctx, key, keyProps, onError) : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
          onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
        const valueProps = resolveProps.resolveProps(sep ?? [], {
          indicator: "map-value-ind",
          next: value,
          offset: keyNode.range[2],
          onError,
          parentIndent: bm.indent,
          startOnNewline: !key || key.type === "block-scalar"
        });
        offset = valueProps.end;
        if (valueProps.found) {
          if (implicitKey) {
            if (value?.type === "block-map" && !valueProps.hasNewline)
              onError(offset, "BLOCK_AS_IMPLICIT_KEY", "Nested mappings are not allowed in compact mappings");
            if (ctx.options.strict && keyProps.start < valueProps.found.offset - 1024)
              onError(keyNode.range, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit block mapping key");
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
          if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
          offset = valueNode.range[2];
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        } else {
          if (implicitKey)
            onError(keyNode.range, "MISSING_CHAR", "Implicit map keys need to be followed by map values");
          if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          map.items.push(pair);
        }
      }
      if (commentEnd && commentEnd < offset)
        onError(commentEnd, "IMPOSSIBLE", "Map comment with trailing content");
      map.range = [bm.offset, offset, commentEnd ?? offset];
      return map;
    }
    exports.resolveBlockMap = resolveBlockMap;
  }
});

// node_modules/yaml/dist/compose/resolve-block-seq.js
var require_resolve_block_seq = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-seq.js"(exports) {
    "use strict";
    var YAMLSeq = require_YAMLSeq();
    var resolveProps = require_resolve_props();
    var utilFlowIndentCheck = require_util_flow_indent_check();
    function resolveBlockSeq({ composeNode, composeEmptyNode }, ctx, bs, onError, tag) {
      const NodeClass = tag?.nodeClass ?? YAMLSeq.YAMLSeq;
      const seq = new NodeClass(ctx.schema);
      if (ctx.atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = bs.offset;
      let commentEnd = null;
      for (const { start, value } of bs.items) {
        const props = resolveProps.resolveProps(start, {
          indicator: "seq-item-ind",
          next: value,
          offset,
          onError,
          parentIndent: bs.indent,
          startOnNewline: true
        });
        if (!props.found) {
          if (props.anchor || props.tag || value) {
            if (value?.type === "block-seq")
              onError(props.end, "BAD_INDENT", "All sequence items must start at the same column");
            else
              onError(offset, "MISSING_CHAR", "Sequence item without - indicator");
          } else {
            commentEnd = props.end;
            if (props.comment)
              seq.comment = props.comment;
            continue;
          }
        }
        const node2 = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
          utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node2.range[2];
        seq.items.push(node2);
      }
      seq.range = [bs.offset, offset, commentEnd ?? offset];
      return seq;
    }
    exports.resolveBlockSeq = resolveBlockSeq;
  }
});

// node_modules/yaml/dist/compose/resolve-end.js
var require_resolve_end = __commonJS({
  "node_modules/yaml/dist/compose/resolve-end.js"(exports) {
    "use strict";
    function resolveEnd(end, offset, reqSpace, onError) {
      let comment = "";
      if (end) {
        let hasSpace = false;
        let sep = "";
        for (const token of end) {
          const { source, type } = token;
          switch (type) {
            case "space":
              hasSpace = true;
              break;
            case "comment": {
              if (reqSpace && !hasSpace)
                onError(token, "MISSING_CHAR", "Comments must be separated from other tokens by white space characters");
              const cb = source.substring(1) || " ";
              if (!comment)
                comment = cb;
              else
                comment += sep + cb;
              sep = "";
              break;
            }
            case "newline":
              if (comment)
                sep += source;
              hasSpace = true;
              break;
            default:
              onError(token, "UNEXPECTED_TOKEN", `Unexpected ${type} at node end`);
          }
          offset += source.length;
        }
      }
      return { comment, offset };
    }
    exports.resolveEnd = resolveEnd;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-collection.js
var require_resolve_flow_collection = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Pair = require_Pair();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    var utilContainsNewline = require_util_contains_newline();
    var utilMapIncludes = require_util_map_includes();
    var blockMsg = "Block collections are not allowed within flow collections";
    var isBlock = (token) => token && (token.type === "block-map" || token.type === "block-seq");
    function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
      const isMap2 = fc.start.source === "{";
      const fcName = isMap2 ? "flow map" : "flow sequence";
      const NodeClass = tag?.nodeClass ?? (isMap2 ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq);
      const coll = new NodeClass(ctx.schema);
      coll.flow = true;
      const atRoot = ctx.atRoot;
      if (atRoot)
        ctx.atRoot = false;
      if (ctx.atKey)
        ctx.atKey = false;
      let offset = fc.offset + fc.start.source.length;
      for (let i = 0; i < fc.items.length; ++i) {
        const collItem = fc.items[i];
        const { start, key, sep, value } = collItem;
        const props = resolveProps.resolveProps(start, {
          flow: fcName,
          indicator: "explicit-key-ind",
          next: key ?? sep?.[0],
          offset,
          onError,
          parentIndent: fc.indent,
          startOnNewline: false
        });
        if (!props.found) {
          if (!props.anchor && !props.tag && !sep && !value) {
            if (i === 0 && props.comma)
              onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
            else if (i < fc.items.length - 1)
              onError(props.start, "UNEXPECTED_TOKEN", `Unexpected empty item in ${fcName}`);
            if (props.comment) {
              if (coll.comment)
                coll.comment += "\n" + props.comment;
              else
                coll.comment = props.comment;
            }
            offset = props.end;
            continue;
          }
          if (!isMap2 && ctx.options.strict && utilContainsNewline.containsNewline(key))
            onError(
              key,
              // checked by containsNewline()
              "MULTILINE_IMPLICIT_KEY",
              "Implicit keys of flow sequence pairs need to be on a single line"
            );
        }
        if (i === 0) {
          if (props.comma)
            onError(props.comma, "UNEXPECTED_TOKEN", `Unexpected , in ${fcName}`);
        } else {
          if (!props.comma)
            onError(props.start, "MISSING_CHAR", `Missing , between ${fcName} items`);
          if (props.comment) {
            let prevItemComment = "";
            loop: for (const st of start) {
              switch (st.type) {
                case "comma":
                case "space":
                  break;
                case "comment":
                  prevItemComment = st.source.substring(1);
                  break loop;
                default:
                  break loop;
              }
            }
            if (prevItemComment) {
              let prev = coll.items[coll.items.length - 1];
              if (identity.isPair(prev))
                prev = prev.value ?? prev.key;
              if (prev.comment)
                prev.comment += "\n" + prevItemComment;
              else
                prev.comment = prevItemComment;
              props.comment = props.comment.substring(prevItemComment.length + 1);
            }
          }
        }
        if (!isMap2 && !sep && !props.found) {
          const valueNode = value ? composeNode(ctx, value, props, onError) : composeEmptyNode(ctx, props.end, sep, null, props, onError);
          coll.items.push(valueNode);
          offset = valueNode.range[2];
          if (isBlock(value))
            onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
        } else {
          ctx.atKey = true;
          const keyStart = props.end;
          const keyNode = key ? composeNode(ctx, key, props, onError) : composeEmptyNode(ctx, keyStart, start, null, props, onError);
          if (isBlock(key))
            onError(keyNode.range, "BLOCK_IN_FLOW", blockMsg);
          ctx.atKey = false;
          const valueProps = resolveProps.resolveProps(sep ?? [], {
            flow: fcName,
            indicator: "map-value-ind",
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
          });
          if (valueProps.found) {
            if (!isMap2 && !props.found && ctx.options.strict) {
              if (sep)
                for (const st of sep) {
                  if (st === valueProps.found)
                    break;
                  if (st.type === "newline") {
                    onError(st, "MULTILINE_IMPLICIT_KEY", "Implicit keys of flow sequence pairs need to be on a single line");
                    break;
                  }
                }
              if (props.start < valueProps.found.offset - 1024)
                onError(valueProps.found, "KEY_OVER_1024_CHARS", "The : indicator must be at most 1024 chars after the start of an implicit flow sequence key");
            }
          } else if (value) {
            if ("source" in value && value.source?.[0] === ":")
              onError(value, "MISSING_CHAR", `Missing space after : in ${fcName}`);
            else
              onError(valueProps.start, "MISSING_CHAR", `Missing , or : between ${fcName} items`);
          }
          const valueNode = value ? composeNode(ctx, value, valueProps, onError) : valueProps.found ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError) : null;
          if (valueNode) {
            if (isBlock(value))
              onError(valueNode.range, "BLOCK_IN_FLOW", blockMsg);
          } else if (valueProps.comment) {
            if (keyNode.comment)
              keyNode.comment += "\n" + valueProps.comment;
            else
              keyNode.comment = valueProps.comment;
          }
          const pair = new Pair.Pair(keyNode, valueNode);
          if (ctx.options.keepSourceTokens)
            pair.srcToken = collItem;
          if (isMap2) {
            const map = coll;
            if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
              onError(keyStart, "DUPLICATE_KEY", "Map keys must be unique");
            map.items.push(pair);
          } else {
            const map = new YAMLMap.YAMLMap(ctx.schema);
            map.flow = true;
            map.items.push(pair);
            const endRange = (valueNode ?? keyNode).range;
            map.range = [keyNode.range[0], endRange[1], endRange[2]];
            coll.items.push(map);
          }
          offset = valueNode ? valueNode.range[2] : valueProps.end;
        }
      }
      const expectedEnd = isMap2 ? "}" : "]";
      const [ce, ...ee] = fc.end;
      let cePos = offset;
      if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
      else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot ? `${name} must end with a ${expectedEnd}` : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? "MISSING_CHAR" : "BAD_INDENT", msg);
        if (ce && ce.source.length !== 1)
          ee.unshift(ce);
      }
      if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
          if (coll.comment)
            coll.comment += "\n" + end.comment;
          else
            coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
      } else {
        coll.range = [fc.offset, cePos, cePos];
      }
      return coll;
    }
    exports.resolveFlowCollection = resolveFlowCollection;
  }
});

// node_modules/yaml/dist/compose/compose-collection.js
var require_compose_collection = __commonJS({
  "node_modules/yaml/dist/compose/compose-collection.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var resolveBlockMap = require_resolve_block_map();
    var resolveBlockSeq = require_resolve_block_seq();
    var resolveFlowCollection = require_resolve_flow_collection();
    function resolveCollection(CN, ctx, token, onError, tagName, tag) {
      const coll = token.type === "block-map" ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag) : token.type === "block-seq" ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag) : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
      const Coll = coll.constructor;
      if (tagName === "!" || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
      }
      if (tagName)
        coll.tag = tagName;
      return coll;
    }
    function composeCollection(CN, ctx, token, props, onError) {
      const tagToken = props.tag;
      const tagName = !tagToken ? null : ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg));
      if (token.type === "block-seq") {
        const { anchor: anchor2, newlineAfterProp: nl } = props;
        const lastProp = anchor2 && tagToken ? anchor2.offset > tagToken.offset ? anchor2 : tagToken : anchor2 ?? tagToken;
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
          const message = "Missing newline after block sequence props";
          onError(lastProp, "MISSING_CHAR", message);
        }
      }
      const expType = token.type === "block-map" ? "map" : token.type === "block-seq" ? "seq" : token.start.source === "{" ? "map" : "seq";
      if (!tagToken || !tagName || tagName === "!" || tagName === YAMLMap.YAMLMap.tagName && expType === "map" || tagName === YAMLSeq.YAMLSeq.tagName && expType === "seq") {
        return resolveCollection(CN, ctx, token, onError, tagName);
      }
      let tag = ctx.schema.tags.find((t) => t.tag === tagName && t.collection === expType);
      if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
          ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
          tag = kt;
        } else {
          if (kt) {
            onError(tagToken, "BAD_COLLECTION_TYPE", `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? "scalar"}`, true);
          } else {
            onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, true);
          }
          return resolveCollection(CN, ctx, token, onError, tagName);
        }
      }
      const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
      const res = tag.resolve?.(coll, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg), ctx.options) ?? coll;
      const node2 = identity.isNode(res) ? res : new Scalar.Scalar(res);
      node2.range = coll.range;
      node2.tag = tagName;
      if (tag?.format)
        node2.format = tag.format;
      return node2;
    }
    exports.composeCollection = composeCollection;
  }
});

// node_modules/yaml/dist/compose/resolve-block-scalar.js
var require_resolve_block_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-block-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    function resolveBlockScalar(ctx, scalar, onError) {
      const start = scalar.offset;
      const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
      if (!header)
        return { value: "", type: null, comment: "", range: [start, start, start] };
      const type = header.mode === ">" ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
      const lines = scalar.source ? splitLines(scalar.source) : [];
      let chompStart = lines.length;
      for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === "" || content === "\r")
          chompStart = i;
        else
          break;
      }
      if (chompStart === 0) {
        const value2 = header.chomp === "+" && lines.length > 0 ? "\n".repeat(Math.max(1, lines.length - 1)) : "";
        let end2 = start + header.length;
        if (scalar.source)
          end2 += scalar.source.length;
        return { value: value2, type, comment: header.comment, range: [start, end2, end2] };
      }
      let trimIndent = scalar.indent + header.indent;
      let offset = scalar.offset + header.length;
      let contentStart = 0;
      for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === "" || content === "\r") {
          if (header.indent === 0 && indent.length > trimIndent)
            trimIndent = indent.length;
        } else {
          if (indent.length < trimIndent) {
            const message = "Block scalars with more-indented leading empty lines must use an explicit indentation indicator";
            onError(offset + indent.length, "MISSING_CHAR", message);
          }
          if (header.indent === 0)
            trimIndent = indent.length;
          contentStart = i;
          if (trimIndent === 0 && !ctx.atRoot) {
            const message = "Block scalar values in collections must be indented";
            onError(offset, "BAD_INDENT", message);
          }
          break;
        }
        offset += indent.length + content.length + 1;
      }
      for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
          chompStart = i + 1;
      }
      let value = "";
      let sep = "";
      let prevMoreIndented = false;
      for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + "\n";
      for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === "\r";
        if (crlf)
          content = content.slice(0, -1);
        if (content && indent.length < trimIndent) {
          const src = header.indent ? "explicit indentation indicator" : "first line";
          const message = `Block scalar lines must not be less indented than their ${src}`;
          onError(offset - content.length - (crlf ? 2 : 1), "BAD_INDENT", message);
          indent = "";
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
        } else if (indent.length > trimIndent || content[0] === "	") {
          if (sep === " ")
            sep = "\n";
          else if (!prevMoreIndented && sep === "\n")
            sep = "\n\n";
          value += sep + indent.slice(trimIndent) + content;
          sep = "\n";
          prevMoreIndented = true;
        } else if (content === "") {
          if (sep === "\n")
            value += "\n";
          else
            sep = "\n";
        } else {
          value += sep + content;
          sep = " ";
          prevMoreIndented = false;
        }
      }
      switch (header.chomp) {
        case "-":
          break;
        case "+":
          for (let i = chompStart; i < lines.length; ++i)
            value += "\n" + lines[i][0].slice(trimIndent);
          if (value[value.length - 1] !== "\n")
            value += "\n";
          break;
        default:
          value += "\n";
      }
      const end = start + header.length + scalar.source.length;
      return { value, type, comment: header.comment, range: [start, end, end] };
    }
    function parseBlockScalarHeader({ offset, props }, strict, onError) {
      if (props[0].type !== "block-scalar-header") {
        onError(props[0], "IMPOSSIBLE", "Block scalar header not found");
        return null;
      }
      const { source } = props[0];
      const mode = source[0];
      let indent = 0;
      let chomp = "";
      let error2 = -1;
      for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === "-" || ch === "+"))
          chomp = ch;
        else {
          const n = Number(ch);
          if (!indent && n)
            indent = n;
          else if (error2 === -1)
            error2 = offset + i;
        }
      }
      if (error2 !== -1)
        onError(error2, "UNEXPECTED_TOKEN", `Block scalar header includes extra characters: ${source}`);
      let hasSpace = false;
      let comment = "";
      let length = source.length;
      for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
          case "space":
            hasSpace = true;
          // fallthrough
          case "newline":
            length += token.source.length;
            break;
          case "comment":
            if (strict && !hasSpace) {
              const message = "Comments must be separated from other tokens by white space characters";
              onError(token, "MISSING_CHAR", message);
            }
            length += token.source.length;
            comment = token.source.substring(1);
            break;
          case "error":
            onError(token, "UNEXPECTED_TOKEN", token.message);
            length += token.source.length;
            break;
          /* istanbul ignore next should not happen */
          default: {
            const message = `Unexpected token in block scalar header: ${token.type}`;
            onError(token, "UNEXPECTED_TOKEN", message);
            const ts = token.source;
            if (ts && typeof ts === "string")
              length += ts.length;
          }
        }
      }
      return { mode, indent, chomp, comment, length };
    }
    function splitLines(source) {
      const split = source.split(/\n( *)/);
      const first = split[0];
      const m = first.match(/^( *)/);
      const line0 = m?.[1] ? [m[1], first.slice(m[1].length)] : ["", first];
      const lines = [line0];
      for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
      return lines;
    }
    exports.resolveBlockScalar = resolveBlockScalar;
  }
});

// node_modules/yaml/dist/compose/resolve-flow-scalar.js
var require_resolve_flow_scalar = __commonJS({
  "node_modules/yaml/dist/compose/resolve-flow-scalar.js"(exports) {
    "use strict";
    var Scalar = require_Scalar();
    var resolveEnd = require_resolve_end();
    function resolveFlowScalar(scalar, strict, onError) {
      const { offset, type, source, end } = scalar;
      let _type;
      let value;
      const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
      switch (type) {
        case "scalar":
          _type = Scalar.Scalar.PLAIN;
          value = plainValue(source, _onError);
          break;
        case "single-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_SINGLE;
          value = singleQuotedValue(source, _onError);
          break;
        case "double-quoted-scalar":
          _type = Scalar.Scalar.QUOTE_DOUBLE;
          value = doubleQuotedValue(source, _onError);
          break;
        /* istanbul ignore next should not happen */
        default:
          onError(scalar, "UNEXPECTED_TOKEN", `Expected a flow scalar value, but found: ${type}`);
          return {
            value: "",
            type: null,
            comment: "",
            range: [offset, offset + source.length, offset + source.length]
          };
      }
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, strict, onError);
      return {
        value,
        type: _type,
        comment: re.comment,
        range: [offset, valueEnd, re.offset]
      };
    }
    function plainValue(source, onError) {
      let badChar = "";
      switch (source[0]) {
        /* istanbul ignore next should not happen */
        case "	":
          badChar = "a tab character";
          break;
        case ",":
          badChar = "flow indicator character ,";
          break;
        case "%":
          badChar = "directive indicator character %";
          break;
        case "|":
        case ">": {
          badChar = `block scalar indicator ${source[0]}`;
          break;
        }
        case "@":
        case "`": {
          badChar = `reserved character ${source[0]}`;
          break;
        }
      }
      if (badChar)
        onError(0, "BAD_SCALAR_START", `Plain value cannot start with ${badChar}`);
      return unfoldLines(source);
    }
    function singleQuotedValue(source, onError) {
      if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, "MISSING_CHAR", "Missing closing 'quote");
      return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
    }
    function unfoldLines(source) {
      const line = /(.*?)\r?\n/sy;
      let match = line.exec(source);
      if (!match)
        return source;
      let trimEnd, trimBoth;
      try {
        trimEnd = new RegExp("(?<![ 	])[ 	]+$");
        trimBoth = new RegExp("^[ 	]+|(?<![ 	])[ 	]+$", "g");
      } catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
      }
      let res = match[1].replace(trimEnd, "");
      let sep = " ";
      let pos = line.lastIndex;
      while (match = line.exec(source)) {
        const lm = match[1].replace(trimBoth, "");
        if (lm === "") {
          if (sep === "\n")
            res += sep;
          else
            sep = "\n";
        } else {
          res += sep + lm;
          sep = " ";
        }
        pos = line.lastIndex;
      }
      const last = /[ \t]*(.*)/sy;
      last.lastIndex = pos;
      match = last.exec(source);
      return res + sep + (match?.[1] ?? "");
    }
    function doubleQuotedValue(source, onError) {
      let res = "";
      for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === "\r" && source[i + 1] === "\n")
          continue;
        if (ch === "\n") {
          const { fold, offset } = foldNewline(source, i);
          res += fold;
          i = offset;
        } else if (ch === "\\") {
          let next = source[++i];
          const cc = escapeCodes[next];
          if (cc)
            res += cc;
          else if (next === "\n") {
            next = source[i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "\r" && source[i + 1] === "\n") {
            next = source[++i + 1];
            while (next === " " || next === "	")
              next = source[++i + 1];
          } else if (next === "x" || next === "u" || next === "U") {
            const length = next === "x" ? 2 : next === "u" ? 4 : 8;
            res += parseCharCode(source, i + 1, length, onError);
            i += length;
          } else {
            const raw = source.substr(i - 1, 2);
            onError(i - 1, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
            res += raw;
          }
        } else if (ch === " " || ch === "	") {
          const wsStart = i;
          let next = source[i + 1];
          while (next === " " || next === "	")
            next = source[++i + 1];
          if (next !== "\n" && !(next === "\r" && source[i + 2] === "\n"))
            res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        } else {
          res += ch;
        }
      }
      if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, "MISSING_CHAR", 'Missing closing "quote');
      return res;
    }
    function foldNewline(source, offset) {
      let fold = "";
      let ch = source[offset + 1];
      while (ch === " " || ch === "	" || ch === "\n" || ch === "\r") {
        if (ch === "\r" && source[offset + 2] !== "\n")
          break;
        if (ch === "\n")
          fold += "\n";
        offset += 1;
        ch = source[offset + 1];
      }
      if (!fold)
        fold = " ";
      return { fold, offset };
    }
    var escapeCodes = {
      "0": "\0",
      // null character
      a: "\x07",
      // bell character
      b: "\b",
      // backspace
      e: "\x1B",
      // escape character
      f: "\f",
      // form feed
      n: "\n",
      // line feed
      r: "\r",
      // carriage return
      t: "	",
      // horizontal tab
      v: "\v",
      // vertical tab
      N: "",
      // Unicode next line
      _: " ",
      // Unicode non-breaking space
      L: "\u2028",
      // Unicode line separator
      P: "\u2029",
      // Unicode paragraph separator
      " ": " ",
      '"': '"',
      "/": "/",
      "\\": "\\",
      "	": "	"
    };
    function parseCharCode(source, offset, length, onError) {
      const cc = source.substr(offset, length);
      const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
      const code = ok ? parseInt(cc, 16) : NaN;
      try {
        return String.fromCodePoint(code);
      } catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, "BAD_DQ_ESCAPE", `Invalid escape sequence ${raw}`);
        return raw;
      }
    }
    exports.resolveFlowScalar = resolveFlowScalar;
  }
});

// node_modules/yaml/dist/compose/compose-scalar.js
var require_compose_scalar = __commonJS({
  "node_modules/yaml/dist/compose/compose-scalar.js"(exports) {
    "use strict";
    var identity = require_identity();
    var Scalar = require_Scalar();
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    function composeScalar(ctx, token, tagToken, onError) {
      const { value, type, comment, range } = token.type === "block-scalar" ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError) : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
      const tagName = tagToken ? ctx.directives.tagName(tagToken.source, (msg) => onError(tagToken, "TAG_RESOLVE_FAILED", msg)) : null;
      let tag;
      if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
      } else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
      else if (token.type === "scalar")
        tag = findScalarTagByTest(ctx, value, token, onError);
      else
        tag = ctx.schema[identity.SCALAR];
      let scalar;
      try {
        const res = tag.resolve(value, (msg) => onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
      } catch (error2) {
        const msg = error2 instanceof Error ? error2.message : String(error2);
        onError(tagToken ?? token, "TAG_RESOLVE_FAILED", msg);
        scalar = new Scalar.Scalar(value);
      }
      scalar.range = range;
      scalar.source = value;
      if (type)
        scalar.type = type;
      if (tagName)
        scalar.tag = tagName;
      if (tag.format)
        scalar.format = tag.format;
      if (comment)
        scalar.comment = comment;
      return scalar;
    }
    function findScalarTagByName(schema, value, tagName, tagToken, onError) {
      if (tagName === "!")
        return schema[identity.SCALAR];
      const matchWithTest = [];
      for (const tag of schema.tags) {
        if (!tag.collection && tag.tag === tagName) {
          if (tag.default && tag.test)
            matchWithTest.push(tag);
          else
            return tag;
        }
      }
      for (const tag of matchWithTest)
        if (tag.test?.test(value))
          return tag;
      const kt = schema.knownTags[tagName];
      if (kt && !kt.collection) {
        schema.tags.push(Object.assign({}, kt, { default: false, test: void 0 }));
        return kt;
      }
      onError(tagToken, "TAG_RESOLVE_FAILED", `Unresolved tag: ${tagName}`, tagName !== "tag:yaml.org,2002:str");
      return schema[identity.SCALAR];
    }
    function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
      const tag = schema.tags.find((tag2) => (tag2.default === true || atKey && tag2.default === "key") && tag2.test?.test(value)) || schema[identity.SCALAR];
      if (schema.compat) {
        const compat = schema.compat.find((tag2) => tag2.default && tag2.test?.test(value)) ?? schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
          const ts = directives.tagString(tag.tag);
          const cs = directives.tagString(compat.tag);
          const msg = `Value may be parsed as either ${ts} or ${cs}`;
          onError(token, "TAG_RESOLVE_FAILED", msg, true);
        }
      }
      return tag;
    }
    exports.composeScalar = composeScalar;
  }
});

// node_modules/yaml/dist/compose/util-empty-scalar-position.js
var require_util_empty_scalar_position = __commonJS({
  "node_modules/yaml/dist/compose/util-empty-scalar-position.js"(exports) {
    "use strict";
    function emptyScalarPosition(offset, before, pos) {
      if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
          let st = before[i];
          switch (st.type) {
            case "space":
            case "comment":
            case "newline":
              offset -= st.source.length;
              continue;
          }
          st = before[++i];
          while (st?.type === "space") {
            offset += st.source.length;
            st = before[++i];
          }
          break;
        }
      }
      return offset;
    }
    exports.emptyScalarPosition = emptyScalarPosition;
  }
});

// node_modules/yaml/dist/compose/compose-node.js
var require_compose_node = __commonJS({
  "node_modules/yaml/dist/compose/compose-node.js"(exports) {
    "use strict";
    var Alias = require_Alias();
    var identity = require_identity();
    var composeCollection = require_compose_collection();
    var composeScalar = require_compose_scalar();
    var resolveEnd = require_resolve_end();
    var utilEmptyScalarPosition = require_util_empty_scalar_position();
    var CN = { composeNode, composeEmptyNode };
    function composeNode(ctx, token, props, onError) {
      const atKey = ctx.atKey;
      const { spaceBefore, comment, anchor: anchor2, tag } = props;
      let node2;
      let isSrcToken = true;
      switch (token.type) {
        case "alias":
          node2 = composeAlias(ctx, token, onError);
          if (anchor2 || tag)
            onError(token, "ALIAS_PROPS", "An alias node must not specify any properties");
          break;
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "block-scalar":
          node2 = composeScalar.composeScalar(ctx, token, tag, onError);
          if (anchor2)
            node2.anchor = anchor2.source.substring(1);
          break;
        case "block-map":
        case "block-seq":
        case "flow-collection":
          try {
            node2 = composeCollection.composeCollection(CN, ctx, token, props, onError);
            if (anchor2)
              node2.anchor = anchor2.source.substring(1);
          } catch (error2) {
            const message = error2 instanceof Error ? error2.message : String(error2);
            onError(token, "RESOURCE_EXHAUSTION", message);
          }
          break;
        default: {
          const message = token.type === "error" ? token.message : `Unsupported token (type: ${token.type})`;
          onError(token, "UNEXPECTED_TOKEN", message);
          isSrcToken = false;
        }
      }
      node2 ?? (node2 = composeEmptyNode(ctx, token.offset, void 0, null, props, onError));
      if (anchor2 && node2.anchor === "")
        onError(anchor2, "BAD_ALIAS", "Anchor cannot be an empty string");
      if (atKey && ctx.options.stringKeys && (!identity.isScalar(node2) || typeof node2.value !== "string" || node2.tag && node2.tag !== "tag:yaml.org,2002:str")) {
        const msg = "With stringKeys, all keys must be strings";
        onError(tag ?? token, "NON_STRING_KEY", msg);
      }
      if (spaceBefore)
        node2.spaceBefore = true;
      if (comment) {
        if (token.type === "scalar" && token.source === "")
          node2.comment = comment;
        else
          node2.commentBefore = comment;
      }
      if (ctx.options.keepSourceTokens && isSrcToken)
        node2.srcToken = token;
      return node2;
    }
    function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor: anchor2, tag, end }, onError) {
      const token = {
        type: "scalar",
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ""
      };
      const node2 = composeScalar.composeScalar(ctx, token, tag, onError);
      if (anchor2) {
        node2.anchor = anchor2.source.substring(1);
        if (node2.anchor === "")
          onError(anchor2, "BAD_ALIAS", "Anchor cannot be an empty string");
      }
      if (spaceBefore)
        node2.spaceBefore = true;
      if (comment) {
        node2.comment = comment;
        node2.range[2] = end;
      }
      return node2;
    }
    function composeAlias({ options }, { offset, source, end }, onError) {
      const alias = new Alias.Alias(source.substring(1));
      if (alias.source === "")
        onError(offset, "BAD_ALIAS", "Alias cannot be an empty string");
      if (alias.source.endsWith(":"))
        onError(offset + source.length - 1, "BAD_ALIAS", "Alias ending in : is ambiguous", true);
      const valueEnd = offset + source.length;
      const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
      alias.range = [offset, valueEnd, re.offset];
      if (re.comment)
        alias.comment = re.comment;
      return alias;
    }
    exports.composeEmptyNode = composeEmptyNode;
    exports.composeNode = composeNode;
  }
});

// node_modules/yaml/dist/compose/compose-doc.js
var require_compose_doc = __commonJS({
  "node_modules/yaml/dist/compose/compose-doc.js"(exports) {
    "use strict";
    var Document = require_Document();
    var composeNode = require_compose_node();
    var resolveEnd = require_resolve_end();
    var resolveProps = require_resolve_props();
    function composeDoc(options, directives, { offset, start, value, end }, onError) {
      const opts = Object.assign({ _directives: directives }, options);
      const doc = new Document.Document(void 0, opts);
      const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
      };
      const props = resolveProps.resolveProps(start, {
        indicator: "doc-start",
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
      });
      if (props.found) {
        doc.directives.docStart = true;
        if (value && (value.type === "block-map" || value.type === "block-seq") && !props.hasNewline)
          onError(props.end, "MISSING_CHAR", "Block collection cannot start on same line with directives-end marker");
      }
      doc.contents = value ? composeNode.composeNode(ctx, value, props, onError) : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
      const contentEnd = doc.contents.range[2];
      const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
      if (re.comment)
        doc.comment = re.comment;
      doc.range = [offset, contentEnd, re.offset];
      return doc;
    }
    exports.composeDoc = composeDoc;
  }
});

// node_modules/yaml/dist/compose/composer.js
var require_composer = __commonJS({
  "node_modules/yaml/dist/compose/composer.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var directives = require_directives();
    var Document = require_Document();
    var errors = require_errors();
    var identity = require_identity();
    var composeDoc = require_compose_doc();
    var resolveEnd = require_resolve_end();
    function getErrorPos(src) {
      if (typeof src === "number")
        return [src, src + 1];
      if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
      const { offset, source } = src;
      return [offset, offset + (typeof source === "string" ? source.length : 1)];
    }
    function parsePrelude(prelude) {
      let comment = "";
      let atComment = false;
      let afterEmptyLine = false;
      for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
          case "#":
            comment += (comment === "" ? "" : afterEmptyLine ? "\n\n" : "\n") + (source.substring(1) || " ");
            atComment = true;
            afterEmptyLine = false;
            break;
          case "%":
            if (prelude[i + 1]?.[0] !== "#")
              i += 1;
            atComment = false;
            break;
          default:
            if (!atComment)
              afterEmptyLine = true;
            atComment = false;
        }
      }
      return { comment, afterEmptyLine };
    }
    var Composer = class {
      constructor(options = {}) {
        this.doc = null;
        this.atDirectives = false;
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
        this.onError = (source, code, message, warning) => {
          const pos = getErrorPos(source);
          if (warning)
            this.warnings.push(new errors.YAMLWarning(pos, code, message));
          else
            this.errors.push(new errors.YAMLParseError(pos, code, message));
        };
        this.directives = new directives.Directives({ version: options.version || "1.2" });
        this.options = options;
      }
      decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        if (comment) {
          const dc = doc.contents;
          if (afterDoc) {
            doc.comment = doc.comment ? `${doc.comment}
${comment}` : comment;
          } else if (afterEmptyLine || doc.directives.docStart || !dc) {
            doc.commentBefore = comment;
          } else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
            let it = dc.items[0];
            if (identity.isPair(it))
              it = it.key;
            const cb = it.commentBefore;
            it.commentBefore = cb ? `${comment}
${cb}` : comment;
          } else {
            const cb = dc.commentBefore;
            dc.commentBefore = cb ? `${comment}
${cb}` : comment;
          }
        }
        if (afterDoc) {
          for (let i = 0; i < this.errors.length; ++i)
            doc.errors.push(this.errors[i]);
          for (let i = 0; i < this.warnings.length; ++i)
            doc.warnings.push(this.warnings[i]);
        } else {
          doc.errors = this.errors;
          doc.warnings = this.warnings;
        }
        this.prelude = [];
        this.errors = [];
        this.warnings = [];
      }
      /**
       * Current stream status information.
       *
       * Mostly useful at the end of input for an empty stream.
       */
      streamInfo() {
        return {
          comment: parsePrelude(this.prelude).comment,
          directives: this.directives,
          errors: this.errors,
          warnings: this.warnings
        };
      }
      /**
       * Compose tokens into documents.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *compose(tokens, forceDoc = false, endOffset = -1) {
        for (const token of tokens)
          yield* this.next(token);
        yield* this.end(forceDoc, endOffset);
      }
      /** Advance the composer by one CST token. */
      *next(token) {
        if (node_process.env.LOG_STREAM)
          console.dir(token, { depth: null });
        switch (token.type) {
          case "directive":
            this.directives.add(token.source, (offset, message, warning) => {
              const pos = getErrorPos(token);
              pos[0] += offset;
              this.onError(pos, "BAD_DIRECTIVE", message, warning);
            });
            this.prelude.push(token.source);
            this.atDirectives = true;
            break;
          case "document": {
            const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
            if (this.atDirectives && !doc.directives.docStart)
              this.onError(token, "MISSING_CHAR", "Missing directives-end/doc-start indicator line");
            this.decorate(doc, false);
            if (this.doc)
              yield this.doc;
            this.doc = doc;
            this.atDirectives = false;
            break;
          }
          case "byte-order-mark":
          case "space":
            break;
          case "comment":
          case "newline":
            this.prelude.push(token.source);
            break;
          case "error": {
            const msg = token.source ? `${token.message}: ${JSON.stringify(token.source)}` : token.message;
            const error2 = new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg);
            if (this.atDirectives || !this.doc)
              this.errors.push(error2);
            else
              this.doc.errors.push(error2);
            break;
          }
          case "doc-end": {
            if (!this.doc) {
              const msg = "Unexpected doc-end without preceding document";
              this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", msg));
              break;
            }
            this.doc.directives.docEnd = true;
            const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
            this.decorate(this.doc, true);
            if (end.comment) {
              const dc = this.doc.comment;
              this.doc.comment = dc ? `${dc}
${end.comment}` : end.comment;
            }
            this.doc.range[2] = end.offset;
            break;
          }
          default:
            this.errors.push(new errors.YAMLParseError(getErrorPos(token), "UNEXPECTED_TOKEN", `Unsupported token ${token.type}`));
        }
      }
      /**
       * Call at end of input to yield any remaining document.
       *
       * @param forceDoc - If the stream contains no document, still emit a final document including any comments and directives that would be applied to a subsequent document.
       * @param endOffset - Should be set if `forceDoc` is also set, to set the document range end and to indicate errors correctly.
       */
      *end(forceDoc = false, endOffset = -1) {
        if (this.doc) {
          this.decorate(this.doc, true);
          yield this.doc;
          this.doc = null;
        } else if (forceDoc) {
          const opts = Object.assign({ _directives: this.directives }, this.options);
          const doc = new Document.Document(void 0, opts);
          if (this.atDirectives)
            this.onError(endOffset, "MISSING_CHAR", "Missing directives-end indicator line");
          doc.range = [0, endOffset, endOffset];
          this.decorate(doc, false);
          yield doc;
        }
      }
    };
    exports.Composer = Composer;
  }
});

// node_modules/yaml/dist/parse/cst-scalar.js
var require_cst_scalar = __commonJS({
  "node_modules/yaml/dist/parse/cst-scalar.js"(exports) {
    "use strict";
    var resolveBlockScalar = require_resolve_block_scalar();
    var resolveFlowScalar = require_resolve_flow_scalar();
    var errors = require_errors();
    var stringifyString = require_stringifyString();
    function resolveAsScalar(token, strict = true, onError) {
      if (token) {
        const _onError = (pos, code, message) => {
          const offset = typeof pos === "number" ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
          if (onError)
            onError(offset, code, message);
          else
            throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
          case "block-scalar":
            return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
      }
      return null;
    }
    function createScalarToken(value, context) {
      const { implicitKey = false, indent, inFlow = false, offset = -1, type = "PLAIN" } = context;
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      const end = context.end ?? [
        { type: "newline", offset: -1, indent, source: "\n" }
      ];
      switch (source[0]) {
        case "|":
        case ">": {
          const he = source.indexOf("\n");
          const head = source.substring(0, he);
          const body = source.substring(he + 1) + "\n";
          const props = [
            { type: "block-scalar-header", offset, indent, source: head }
          ];
          if (!addEndtoBlockProps(props, end))
            props.push({ type: "newline", offset: -1, indent, source: "\n" });
          return { type: "block-scalar", offset, indent, props, source: body };
        }
        case '"':
          return { type: "double-quoted-scalar", offset, indent, source, end };
        case "'":
          return { type: "single-quoted-scalar", offset, indent, source, end };
        default:
          return { type: "scalar", offset, indent, source, end };
      }
    }
    function setScalarValue(token, value, context = {}) {
      let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
      let indent = "indent" in token ? token.indent : null;
      if (afterKey && typeof indent === "number")
        indent += 2;
      if (!type)
        switch (token.type) {
          case "single-quoted-scalar":
            type = "QUOTE_SINGLE";
            break;
          case "double-quoted-scalar":
            type = "QUOTE_DOUBLE";
            break;
          case "block-scalar": {
            const header = token.props[0];
            if (header.type !== "block-scalar-header")
              throw new Error("Invalid block scalar header");
            type = header.source[0] === ">" ? "BLOCK_FOLDED" : "BLOCK_LITERAL";
            break;
          }
          default:
            type = "PLAIN";
        }
      const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? " ".repeat(indent) : "",
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
      });
      switch (source[0]) {
        case "|":
        case ">":
          setBlockScalarValue(token, source);
          break;
        case '"':
          setFlowScalarValue(token, source, "double-quoted-scalar");
          break;
        case "'":
          setFlowScalarValue(token, source, "single-quoted-scalar");
          break;
        default:
          setFlowScalarValue(token, source, "scalar");
      }
    }
    function setBlockScalarValue(token, source) {
      const he = source.indexOf("\n");
      const head = source.substring(0, he);
      const body = source.substring(he + 1) + "\n";
      if (token.type === "block-scalar") {
        const header = token.props[0];
        if (header.type !== "block-scalar-header")
          throw new Error("Invalid block scalar header");
        header.source = head;
        token.source = body;
      } else {
        const { offset } = token;
        const indent = "indent" in token ? token.indent : -1;
        const props = [
          { type: "block-scalar-header", offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, "end" in token ? token.end : void 0))
          props.push({ type: "newline", offset: -1, indent, source: "\n" });
        for (const key of Object.keys(token))
          if (key !== "type" && key !== "offset")
            delete token[key];
        Object.assign(token, { type: "block-scalar", indent, props, source: body });
      }
    }
    function addEndtoBlockProps(props, end) {
      if (end)
        for (const st of end)
          switch (st.type) {
            case "space":
            case "comment":
              props.push(st);
              break;
            case "newline":
              props.push(st);
              return true;
          }
      return false;
    }
    function setFlowScalarValue(token, source, type) {
      switch (token.type) {
        case "scalar":
        case "double-quoted-scalar":
        case "single-quoted-scalar":
          token.type = type;
          token.source = source;
          break;
        case "block-scalar": {
          const end = token.props.slice(1);
          let oa = source.length;
          if (token.props[0].type === "block-scalar-header")
            oa -= token.props[0].source.length;
          for (const tok of end)
            tok.offset += oa;
          delete token.props;
          Object.assign(token, { type, source, end });
          break;
        }
        case "block-map":
        case "block-seq": {
          const offset = token.offset + source.length;
          const nl = { type: "newline", offset, indent: token.indent, source: "\n" };
          delete token.items;
          Object.assign(token, { type, source, end: [nl] });
          break;
        }
        default: {
          const indent = "indent" in token ? token.indent : -1;
          const end = "end" in token && Array.isArray(token.end) ? token.end.filter((st) => st.type === "space" || st.type === "comment" || st.type === "newline") : [];
          for (const key of Object.keys(token))
            if (key !== "type" && key !== "offset")
              delete token[key];
          Object.assign(token, { type, indent, source, end });
        }
      }
    }
    exports.createScalarToken = createScalarToken;
    exports.resolveAsScalar = resolveAsScalar;
    exports.setScalarValue = setScalarValue;
  }
});

// node_modules/yaml/dist/parse/cst-stringify.js
var require_cst_stringify = __commonJS({
  "node_modules/yaml/dist/parse/cst-stringify.js"(exports) {
    "use strict";
    var stringify = (cst) => "type" in cst ? stringifyToken(cst) : stringifyItem(cst);
    function stringifyToken(token) {
      switch (token.type) {
        case "block-scalar": {
          let res = "";
          for (const tok of token.props)
            res += stringifyToken(tok);
          return res + token.source;
        }
        case "block-map":
        case "block-seq": {
          let res = "";
          for (const item of token.items)
            res += stringifyItem(item);
          return res;
        }
        case "flow-collection": {
          let res = token.start.source;
          for (const item of token.items)
            res += stringifyItem(item);
          for (const st of token.end)
            res += st.source;
          return res;
        }
        case "document": {
          let res = stringifyItem(token);
          if (token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
        default: {
          let res = token.source;
          if ("end" in token && token.end)
            for (const st of token.end)
              res += st.source;
          return res;
        }
      }
    }
    function stringifyItem({ start, key, sep, value }) {
      let res = "";
      for (const st of start)
        res += st.source;
      if (key)
        res += stringifyToken(key);
      if (sep)
        for (const st of sep)
          res += st.source;
      if (value)
        res += stringifyToken(value);
      return res;
    }
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/parse/cst-visit.js
var require_cst_visit = __commonJS({
  "node_modules/yaml/dist/parse/cst-visit.js"(exports) {
    "use strict";
    var BREAK = /* @__PURE__ */ Symbol("break visit");
    var SKIP = /* @__PURE__ */ Symbol("skip children");
    var REMOVE = /* @__PURE__ */ Symbol("remove item");
    function visit(cst, visitor) {
      if ("type" in cst && cst.type === "document")
        cst = { start: cst.start, value: cst.value };
      _visit(Object.freeze([]), cst, visitor);
    }
    visit.BREAK = BREAK;
    visit.SKIP = SKIP;
    visit.REMOVE = REMOVE;
    visit.itemAtPath = (cst, path12) => {
      let item = cst;
      for (const [field, index] of path12) {
        const tok = item?.[field];
        if (tok && "items" in tok) {
          item = tok.items[index];
        } else
          return void 0;
      }
      return item;
    };
    visit.parentCollection = (cst, path12) => {
      const parent = visit.itemAtPath(cst, path12.slice(0, -1));
      const field = path12[path12.length - 1][0];
      const coll = parent?.[field];
      if (coll && "items" in coll)
        return coll;
      throw new Error("Parent collection not found");
    };
    function _visit(path12, item, visitor) {
      let ctrl = visitor(item, path12);
      if (typeof ctrl === "symbol")
        return ctrl;
      for (const field of ["key", "value"]) {
        const token = item[field];
        if (token && "items" in token) {
          for (let i = 0; i < token.items.length; ++i) {
            const ci = _visit(Object.freeze(path12.concat([[field, i]])), token.items[i], visitor);
            if (typeof ci === "number")
              i = ci - 1;
            else if (ci === BREAK)
              return BREAK;
            else if (ci === REMOVE) {
              token.items.splice(i, 1);
              i -= 1;
            }
          }
          if (typeof ctrl === "function" && field === "key")
            ctrl = ctrl(item, path12);
        }
      }
      return typeof ctrl === "function" ? ctrl(item, path12) : ctrl;
    }
    exports.visit = visit;
  }
});

// node_modules/yaml/dist/parse/cst.js
var require_cst = __commonJS({
  "node_modules/yaml/dist/parse/cst.js"(exports) {
    "use strict";
    var cstScalar = require_cst_scalar();
    var cstStringify = require_cst_stringify();
    var cstVisit = require_cst_visit();
    var BOM = "\uFEFF";
    var DOCUMENT = "";
    var FLOW_END = "";
    var SCALAR2 = "";
    var isCollection = (token) => !!token && "items" in token;
    var isScalar3 = (token) => !!token && (token.type === "scalar" || token.type === "single-quoted-scalar" || token.type === "double-quoted-scalar" || token.type === "block-scalar");
    function prettyToken(token) {
      switch (token) {
        case BOM:
          return "<BOM>";
        case DOCUMENT:
          return "<DOC>";
        case FLOW_END:
          return "<FLOW_END>";
        case SCALAR2:
          return "<SCALAR>";
        default:
          return JSON.stringify(token);
      }
    }
    function tokenType(source) {
      switch (source) {
        case BOM:
          return "byte-order-mark";
        case DOCUMENT:
          return "doc-mode";
        case FLOW_END:
          return "flow-error-end";
        case SCALAR2:
          return "scalar";
        case "---":
          return "doc-start";
        case "...":
          return "doc-end";
        case "":
        case "\n":
        case "\r\n":
          return "newline";
        case "-":
          return "seq-item-ind";
        case "?":
          return "explicit-key-ind";
        case ":":
          return "map-value-ind";
        case "{":
          return "flow-map-start";
        case "}":
          return "flow-map-end";
        case "[":
          return "flow-seq-start";
        case "]":
          return "flow-seq-end";
        case ",":
          return "comma";
      }
      switch (source[0]) {
        case " ":
        case "	":
          return "space";
        case "#":
          return "comment";
        case "%":
          return "directive-line";
        case "*":
          return "alias";
        case "&":
          return "anchor";
        case "!":
          return "tag";
        case "'":
          return "single-quoted-scalar";
        case '"':
          return "double-quoted-scalar";
        case "|":
        case ">":
          return "block-scalar-header";
      }
      return null;
    }
    exports.createScalarToken = cstScalar.createScalarToken;
    exports.resolveAsScalar = cstScalar.resolveAsScalar;
    exports.setScalarValue = cstScalar.setScalarValue;
    exports.stringify = cstStringify.stringify;
    exports.visit = cstVisit.visit;
    exports.BOM = BOM;
    exports.DOCUMENT = DOCUMENT;
    exports.FLOW_END = FLOW_END;
    exports.SCALAR = SCALAR2;
    exports.isCollection = isCollection;
    exports.isScalar = isScalar3;
    exports.prettyToken = prettyToken;
    exports.tokenType = tokenType;
  }
});

// node_modules/yaml/dist/parse/lexer.js
var require_lexer = __commonJS({
  "node_modules/yaml/dist/parse/lexer.js"(exports) {
    "use strict";
    var cst = require_cst();
    function isEmpty(ch) {
      switch (ch) {
        case void 0:
        case " ":
        case "\n":
        case "\r":
        case "	":
          return true;
        default:
          return false;
      }
    }
    var hexDigits = new Set("0123456789ABCDEFabcdef");
    var tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
    var flowIndicatorChars = new Set(",[]{}");
    var invalidAnchorChars = new Set(" ,[]{}\n\r	");
    var isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
    var Lexer = class {
      constructor() {
        this.atEnd = false;
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        this.buffer = "";
        this.flowKey = false;
        this.flowLevel = 0;
        this.indentNext = 0;
        this.indentValue = 0;
        this.lineEndPos = null;
        this.next = null;
        this.pos = 0;
      }
      /**
       * Generate YAML tokens from the `source` string. If `incomplete`,
       * a part of the last line may be left as a buffer for the next call.
       *
       * @returns A generator of lexical tokens
       */
      *lex(source, incomplete = false) {
        if (source) {
          if (typeof source !== "string")
            throw TypeError("source is not a string");
          this.buffer = this.buffer ? this.buffer + source : source;
          this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? "stream";
        while (next && (incomplete || this.hasChars(1)))
          next = yield* this.parseNext(next);
      }
      atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === " " || ch === "	")
          ch = this.buffer[++i];
        if (!ch || ch === "#" || ch === "\n")
          return true;
        if (ch === "\r")
          return this.buffer[i + 1] === "\n";
        return false;
      }
      charAt(n) {
        return this.buffer[this.pos + n];
      }
      continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
          let indent = 0;
          while (ch === " ")
            ch = this.buffer[++indent + offset];
          if (ch === "\r") {
            const next = this.buffer[indent + offset + 1];
            if (next === "\n" || !next && !this.atEnd)
              return offset + indent + 1;
          }
          return ch === "\n" || indent >= this.indentNext || !ch && !this.atEnd ? offset + indent : -1;
        }
        if (ch === "-" || ch === ".") {
          const dt = this.buffer.substr(offset, 3);
          if ((dt === "---" || dt === "...") && isEmpty(this.buffer[offset + 3]))
            return -1;
        }
        return offset;
      }
      getLine() {
        let end = this.lineEndPos;
        if (typeof end !== "number" || end !== -1 && end < this.pos) {
          end = this.buffer.indexOf("\n", this.pos);
          this.lineEndPos = end;
        }
        if (end === -1)
          return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === "\r")
          end -= 1;
        return this.buffer.substring(this.pos, end);
      }
      hasChars(n) {
        return this.pos + n <= this.buffer.length;
      }
      setNext(state) {
        this.buffer = this.buffer.substring(this.pos);
        this.pos = 0;
        this.lineEndPos = null;
        this.next = state;
        return null;
      }
      peek(n) {
        return this.buffer.substr(this.pos, n);
      }
      *parseNext(next) {
        switch (next) {
          case "stream":
            return yield* this.parseStream();
          case "line-start":
            return yield* this.parseLineStart();
          case "block-start":
            return yield* this.parseBlockStart();
          case "doc":
            return yield* this.parseDocument();
          case "flow":
            return yield* this.parseFlowCollection();
          case "quoted-scalar":
            return yield* this.parseQuotedScalar();
          case "block-scalar":
            return yield* this.parseBlockScalar();
          case "plain-scalar":
            return yield* this.parsePlainScalar();
        }
      }
      *parseStream() {
        let line = this.getLine();
        if (line === null)
          return this.setNext("stream");
        if (line[0] === cst.BOM) {
          yield* this.pushCount(1);
          line = line.substring(1);
        }
        if (line[0] === "%") {
          let dirEnd = line.length;
          let cs = line.indexOf("#");
          while (cs !== -1) {
            const ch = line[cs - 1];
            if (ch === " " || ch === "	") {
              dirEnd = cs - 1;
              break;
            } else {
              cs = line.indexOf("#", cs + 1);
            }
          }
          while (true) {
            const ch = line[dirEnd - 1];
            if (ch === " " || ch === "	")
              dirEnd -= 1;
            else
              break;
          }
          const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
          yield* this.pushCount(line.length - n);
          this.pushNewline();
          return "stream";
        }
        if (this.atLineEnd()) {
          const sp = yield* this.pushSpaces(true);
          yield* this.pushCount(line.length - sp);
          yield* this.pushNewline();
          return "stream";
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
      }
      *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
          return this.setNext("line-start");
        if (ch === "-" || ch === ".") {
          if (!this.atEnd && !this.hasChars(4))
            return this.setNext("line-start");
          const s = this.peek(3);
          if ((s === "---" || s === "...") && isEmpty(this.charAt(3))) {
            yield* this.pushCount(3);
            this.indentValue = 0;
            this.indentNext = 0;
            return s === "---" ? "doc" : "stream";
          }
        }
        this.indentValue = yield* this.pushSpaces(false);
        if (this.indentNext > this.indentValue && !isEmpty(this.charAt(1)))
          this.indentNext = this.indentValue;
        return yield* this.parseBlockStart();
      }
      *parseBlockStart() {
        const [ch0, ch1] = this.peek(2);
        if (!ch1 && !this.atEnd)
          return this.setNext("block-start");
        if ((ch0 === "-" || ch0 === "?" || ch0 === ":") && isEmpty(ch1)) {
          const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
          this.indentNext = this.indentValue + 1;
          this.indentValue += n;
          return "block-start";
        }
        return "doc";
      }
      *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
          return this.setNext("doc");
        let n = yield* this.pushIndicators();
        switch (line[n]) {
          case "#":
            yield* this.pushCount(line.length - n);
          // fallthrough
          case void 0:
            yield* this.pushNewline();
            return yield* this.parseLineStart();
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel = 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            return "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "doc";
          case '"':
          case "'":
            return yield* this.parseQuotedScalar();
          case "|":
          case ">":
            n += yield* this.parseBlockScalarHeader();
            n += yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - n);
            yield* this.pushNewline();
            return yield* this.parseBlockScalar();
          default:
            return yield* this.parsePlainScalar();
        }
      }
      *parseFlowCollection() {
        let nl, sp;
        let indent = -1;
        do {
          nl = yield* this.pushNewline();
          if (nl > 0) {
            sp = yield* this.pushSpaces(false);
            this.indentValue = indent = sp;
          } else {
            sp = 0;
          }
          sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
          return this.setNext("flow");
        if (indent !== -1 && indent < this.indentNext && line[0] !== "#" || indent === 0 && (line.startsWith("---") || line.startsWith("...")) && isEmpty(line[3])) {
          const atFlowEndMarker = indent === this.indentNext - 1 && this.flowLevel === 1 && (line[0] === "]" || line[0] === "}");
          if (!atFlowEndMarker) {
            this.flowLevel = 0;
            yield cst.FLOW_END;
            return yield* this.parseLineStart();
          }
        }
        let n = 0;
        while (line[n] === ",") {
          n += yield* this.pushCount(1);
          n += yield* this.pushSpaces(true);
          this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
          case void 0:
            return "flow";
          case "#":
            yield* this.pushCount(line.length - n);
            return "flow";
          case "{":
          case "[":
            yield* this.pushCount(1);
            this.flowKey = false;
            this.flowLevel += 1;
            return "flow";
          case "}":
          case "]":
            yield* this.pushCount(1);
            this.flowKey = true;
            this.flowLevel -= 1;
            return this.flowLevel ? "flow" : "doc";
          case "*":
            yield* this.pushUntil(isNotAnchorChar);
            return "flow";
          case '"':
          case "'":
            this.flowKey = true;
            return yield* this.parseQuotedScalar();
          case ":": {
            const next = this.charAt(1);
            if (this.flowKey || isEmpty(next) || next === ",") {
              this.flowKey = false;
              yield* this.pushCount(1);
              yield* this.pushSpaces(true);
              return "flow";
            }
          }
          // fallthrough
          default:
            this.flowKey = false;
            return yield* this.parsePlainScalar();
        }
      }
      *parseQuotedScalar() {
        const quote2 = this.charAt(0);
        let end = this.buffer.indexOf(quote2, this.pos + 1);
        if (quote2 === "'") {
          while (end !== -1 && this.buffer[end + 1] === "'")
            end = this.buffer.indexOf("'", end + 2);
        } else {
          while (end !== -1) {
            let n = 0;
            while (this.buffer[end - 1 - n] === "\\")
              n += 1;
            if (n % 2 === 0)
              break;
            end = this.buffer.indexOf('"', end + 1);
          }
        }
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf("\n", this.pos);
        if (nl !== -1) {
          while (nl !== -1) {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = qb.indexOf("\n", cs);
          }
          if (nl !== -1) {
            end = nl - (qb[nl - 1] === "\r" ? 2 : 1);
          }
        }
        if (end === -1) {
          if (!this.atEnd)
            return this.setNext("quoted-scalar");
          end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? "flow" : "doc";
      }
      *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
          const ch = this.buffer[++i];
          if (ch === "+")
            this.blockScalarKeep = true;
          else if (ch > "0" && ch <= "9")
            this.blockScalarIndent = Number(ch) - 1;
          else if (ch !== "-")
            break;
        }
        return yield* this.pushUntil((ch) => isEmpty(ch) || ch === "#");
      }
      *parseBlockScalar() {
        let nl = this.pos - 1;
        let indent = 0;
        let ch;
        loop: for (let i2 = this.pos; ch = this.buffer[i2]; ++i2) {
          switch (ch) {
            case " ":
              indent += 1;
              break;
            case "\n":
              nl = i2;
              indent = 0;
              break;
            case "\r": {
              const next = this.buffer[i2 + 1];
              if (!next && !this.atEnd)
                return this.setNext("block-scalar");
              if (next === "\n")
                break;
            }
            // fallthrough
            default:
              break loop;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("block-scalar");
        if (indent >= this.indentNext) {
          if (this.blockScalarIndent === -1)
            this.indentNext = indent;
          else {
            this.indentNext = this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
          }
          do {
            const cs = this.continueScalar(nl + 1);
            if (cs === -1)
              break;
            nl = this.buffer.indexOf("\n", cs);
          } while (nl !== -1);
          if (nl === -1) {
            if (!this.atEnd)
              return this.setNext("block-scalar");
            nl = this.buffer.length;
          }
        }
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === " ")
          ch = this.buffer[++i];
        if (ch === "	") {
          while (ch === "	" || ch === " " || ch === "\r" || ch === "\n")
            ch = this.buffer[++i];
          nl = i - 1;
        } else if (!this.blockScalarKeep) {
          do {
            let i2 = nl - 1;
            let ch2 = this.buffer[i2];
            if (ch2 === "\r")
              ch2 = this.buffer[--i2];
            const lastChar = i2;
            while (ch2 === " ")
              ch2 = this.buffer[--i2];
            if (ch2 === "\n" && i2 >= this.pos && i2 + 1 + indent > lastChar)
              nl = i2;
            else
              break;
          } while (true);
        }
        yield cst.SCALAR;
        yield* this.pushToIndex(nl + 1, true);
        return yield* this.parseLineStart();
      }
      *parsePlainScalar() {
        const inFlow = this.flowLevel > 0;
        let end = this.pos - 1;
        let i = this.pos - 1;
        let ch;
        while (ch = this.buffer[++i]) {
          if (ch === ":") {
            const next = this.buffer[i + 1];
            if (isEmpty(next) || inFlow && flowIndicatorChars.has(next))
              break;
            end = i;
          } else if (isEmpty(ch)) {
            let next = this.buffer[i + 1];
            if (ch === "\r") {
              if (next === "\n") {
                i += 1;
                ch = "\n";
                next = this.buffer[i + 1];
              } else
                end = i;
            }
            if (next === "#" || inFlow && flowIndicatorChars.has(next))
              break;
            if (ch === "\n") {
              const cs = this.continueScalar(i + 1);
              if (cs === -1)
                break;
              i = Math.max(i, cs - 2);
            }
          } else {
            if (inFlow && flowIndicatorChars.has(ch))
              break;
            end = i;
          }
        }
        if (!ch && !this.atEnd)
          return this.setNext("plain-scalar");
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? "flow" : "doc";
      }
      *pushCount(n) {
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos += n;
          return n;
        }
        return 0;
      }
      *pushToIndex(i, allowEmpty) {
        const s = this.buffer.slice(this.pos, i);
        if (s) {
          yield s;
          this.pos += s.length;
          return s.length;
        } else if (allowEmpty)
          yield "";
        return 0;
      }
      *pushIndicators() {
        let n = 0;
        loop: while (true) {
          switch (this.charAt(0)) {
            case "!":
              n += yield* this.pushTag();
              n += yield* this.pushSpaces(true);
              continue loop;
            case "&":
              n += yield* this.pushUntil(isNotAnchorChar);
              n += yield* this.pushSpaces(true);
              continue loop;
            case "-":
            // this is an error
            case "?":
            // this is an error outside flow collections
            case ":": {
              const inFlow = this.flowLevel > 0;
              const ch1 = this.charAt(1);
              if (isEmpty(ch1) || inFlow && flowIndicatorChars.has(ch1)) {
                if (!inFlow)
                  this.indentNext = this.indentValue + 1;
                else if (this.flowKey)
                  this.flowKey = false;
                n += yield* this.pushCount(1);
                n += yield* this.pushSpaces(true);
                continue loop;
              }
            }
          }
          break loop;
        }
        return n;
      }
      *pushTag() {
        if (this.charAt(1) === "<") {
          let i = this.pos + 2;
          let ch = this.buffer[i];
          while (!isEmpty(ch) && ch !== ">")
            ch = this.buffer[++i];
          return yield* this.pushToIndex(ch === ">" ? i + 1 : i, false);
        } else {
          let i = this.pos + 1;
          let ch = this.buffer[i];
          while (ch) {
            if (tagChars.has(ch))
              ch = this.buffer[++i];
            else if (ch === "%" && hexDigits.has(this.buffer[i + 1]) && hexDigits.has(this.buffer[i + 2])) {
              ch = this.buffer[i += 3];
            } else
              break;
          }
          return yield* this.pushToIndex(i, false);
        }
      }
      *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === "\n")
          return yield* this.pushCount(1);
        else if (ch === "\r" && this.charAt(1) === "\n")
          return yield* this.pushCount(2);
        else
          return 0;
      }
      *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
          ch = this.buffer[++i];
        } while (ch === " " || allowTabs && ch === "	");
        const n = i - this.pos;
        if (n > 0) {
          yield this.buffer.substr(this.pos, n);
          this.pos = i;
        }
        return n;
      }
      *pushUntil(test) {
        let i = this.pos;
        let ch = this.buffer[i];
        while (!test(ch))
          ch = this.buffer[++i];
        return yield* this.pushToIndex(i, false);
      }
    };
    exports.Lexer = Lexer;
  }
});

// node_modules/yaml/dist/parse/line-counter.js
var require_line_counter = __commonJS({
  "node_modules/yaml/dist/parse/line-counter.js"(exports) {
    "use strict";
    var LineCounter2 = class {
      constructor() {
        this.lineStarts = [];
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        this.linePos = (offset) => {
          let low = 0;
          let high = this.lineStarts.length;
          while (low < high) {
            const mid = low + high >> 1;
            if (this.lineStarts[mid] < offset)
              low = mid + 1;
            else
              high = mid;
          }
          if (this.lineStarts[low] === offset)
            return { line: low + 1, col: 1 };
          if (low === 0)
            return { line: 0, col: offset };
          const start = this.lineStarts[low - 1];
          return { line: low, col: offset - start + 1 };
        };
      }
    };
    exports.LineCounter = LineCounter2;
  }
});

// node_modules/yaml/dist/parse/parser.js
var require_parser = __commonJS({
  "node_modules/yaml/dist/parse/parser.js"(exports) {
    "use strict";
    var node_process = __require("process");
    var cst = require_cst();
    var lexer = require_lexer();
    function includesToken(list, type) {
      for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
          return true;
      return false;
    }
    function findNonEmptyIndex(list) {
      for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
          case "space":
          case "comment":
          case "newline":
            break;
          default:
            return i;
        }
      }
      return -1;
    }
    function isFlowToken(token) {
      switch (token?.type) {
        case "alias":
        case "scalar":
        case "single-quoted-scalar":
        case "double-quoted-scalar":
        case "flow-collection":
          return true;
        default:
          return false;
      }
    }
    function getPrevProps(parent) {
      switch (parent.type) {
        case "document":
          return parent.start;
        case "block-map": {
          const it = parent.items[parent.items.length - 1];
          return it.sep ?? it.start;
        }
        case "block-seq":
          return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
          return [];
      }
    }
    function getFirstKeyStartProps(prev) {
      if (prev.length === 0)
        return [];
      let i = prev.length;
      loop: while (--i >= 0) {
        switch (prev[i].type) {
          case "doc-start":
          case "explicit-key-ind":
          case "map-value-ind":
          case "seq-item-ind":
          case "newline":
            break loop;
        }
      }
      while (prev[++i]?.type === "space") {
      }
      return prev.splice(i, prev.length);
    }
    function arrayPushArray(target, source) {
      if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
      else
        for (let i = 0; i < source.length; ++i)
          target.push(source[i]);
    }
    function fixFlowSeqItems(fc) {
      if (fc.start.type === "flow-seq-start") {
        for (const it of fc.items) {
          if (it.sep && !it.value && !includesToken(it.start, "explicit-key-ind") && !includesToken(it.sep, "map-value-ind")) {
            if (it.key)
              it.value = it.key;
            delete it.key;
            if (isFlowToken(it.value)) {
              if (it.value.end)
                arrayPushArray(it.value.end, it.sep);
              else
                it.value.end = it.sep;
            } else
              arrayPushArray(it.start, it.sep);
            delete it.sep;
          }
        }
      }
    }
    var Parser = class {
      /**
       * @param onNewLine - If defined, called separately with the start position of
       *   each new line (in `parse()`, including the start of input).
       */
      constructor(onNewLine) {
        this.atNewLine = true;
        this.atScalar = false;
        this.indent = 0;
        this.offset = 0;
        this.onKeyLine = false;
        this.stack = [];
        this.source = "";
        this.type = "";
        this.lexer = new lexer.Lexer();
        this.onNewLine = onNewLine;
      }
      /**
       * Parse `source` as a YAML stream.
       * If `incomplete`, a part of the last line may be left as a buffer for the next call.
       *
       * Errors are not thrown, but yielded as `{ type: 'error', message }` tokens.
       *
       * @returns A generator of tokens representing each directive, document, and other structure.
       */
      *parse(source, incomplete = false) {
        if (this.onNewLine && this.offset === 0)
          this.onNewLine(0);
        for (const lexeme of this.lexer.lex(source, incomplete))
          yield* this.next(lexeme);
        if (!incomplete)
          yield* this.end();
      }
      /**
       * Advance the parser by the `source` of one lexical token.
       */
      *next(source) {
        this.source = source;
        if (node_process.env.LOG_TOKENS)
          console.log("|", cst.prettyToken(source));
        if (this.atScalar) {
          this.atScalar = false;
          yield* this.step();
          this.offset += source.length;
          return;
        }
        const type = cst.tokenType(source);
        if (!type) {
          const message = `Not a YAML token: ${source}`;
          yield* this.pop({ type: "error", offset: this.offset, message, source });
          this.offset += source.length;
        } else if (type === "scalar") {
          this.atNewLine = false;
          this.atScalar = true;
          this.type = "scalar";
        } else {
          this.type = type;
          yield* this.step();
          switch (type) {
            case "newline":
              this.atNewLine = true;
              this.indent = 0;
              if (this.onNewLine)
                this.onNewLine(this.offset + source.length);
              break;
            case "space":
              if (this.atNewLine && source[0] === " ")
                this.indent += source.length;
              break;
            case "explicit-key-ind":
            case "map-value-ind":
            case "seq-item-ind":
              if (this.atNewLine)
                this.indent += source.length;
              break;
            case "doc-mode":
            case "flow-error-end":
              return;
            default:
              this.atNewLine = false;
          }
          this.offset += source.length;
        }
      }
      /** Call at end of input to push out any remaining constructions */
      *end() {
        while (this.stack.length > 0)
          yield* this.pop();
      }
      get sourceToken() {
        const st = {
          type: this.type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
        return st;
      }
      *step() {
        const top = this.peek(1);
        if (this.type === "doc-end" && top?.type !== "doc-end") {
          while (this.stack.length > 0)
            yield* this.pop();
          this.stack.push({
            type: "doc-end",
            offset: this.offset,
            source: this.source
          });
          return;
        }
        if (!top)
          return yield* this.stream();
        switch (top.type) {
          case "document":
            return yield* this.document(top);
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return yield* this.scalar(top);
          case "block-scalar":
            return yield* this.blockScalar(top);
          case "block-map":
            return yield* this.blockMap(top);
          case "block-seq":
            return yield* this.blockSequence(top);
          case "flow-collection":
            return yield* this.flowCollection(top);
          case "doc-end":
            return yield* this.documentEnd(top);
        }
        yield* this.pop();
      }
      peek(n) {
        return this.stack[this.stack.length - n];
      }
      *pop(error2) {
        const token = error2 ?? this.stack.pop();
        if (!token) {
          const message = "Tried to pop an empty stack";
          yield { type: "error", offset: this.offset, source: "", message };
        } else if (this.stack.length === 0) {
          yield token;
        } else {
          const top = this.peek(1);
          if (token.type === "block-scalar") {
            token.indent = "indent" in top ? top.indent : 0;
          } else if (token.type === "flow-collection" && top.type === "document") {
            token.indent = 0;
          }
          if (token.type === "flow-collection")
            fixFlowSeqItems(token);
          switch (top.type) {
            case "document":
              top.value = token;
              break;
            case "block-scalar":
              top.props.push(token);
              break;
            case "block-map": {
              const it = top.items[top.items.length - 1];
              if (it.value) {
                top.items.push({ start: [], key: token, sep: [] });
                this.onKeyLine = true;
                return;
              } else if (it.sep) {
                it.value = token;
              } else {
                Object.assign(it, { key: token, sep: [] });
                this.onKeyLine = !it.explicitKey;
                return;
              }
              break;
            }
            case "block-seq": {
              const it = top.items[top.items.length - 1];
              if (it.value)
                top.items.push({ start: [], value: token });
              else
                it.value = token;
              break;
            }
            case "flow-collection": {
              const it = top.items[top.items.length - 1];
              if (!it || it.value)
                top.items.push({ start: [], key: token, sep: [] });
              else if (it.sep)
                it.value = token;
              else
                Object.assign(it, { key: token, sep: [] });
              return;
            }
            /* istanbul ignore next should not happen */
            default:
              yield* this.pop();
              yield* this.pop(token);
          }
          if ((top.type === "document" || top.type === "block-map" || top.type === "block-seq") && (token.type === "block-map" || token.type === "block-seq")) {
            const last = token.items[token.items.length - 1];
            if (last && !last.sep && !last.value && last.start.length > 0 && findNonEmptyIndex(last.start) === -1 && (token.indent === 0 || last.start.every((st) => st.type !== "comment" || st.indent < token.indent))) {
              if (top.type === "document")
                top.end = last.start;
              else
                top.items.push({ start: last.start });
              token.items.splice(-1, 1);
            }
          }
        }
      }
      *stream() {
        switch (this.type) {
          case "directive-line":
            yield { type: "directive", offset: this.offset, source: this.source };
            return;
          case "byte-order-mark":
          case "space":
          case "comment":
          case "newline":
            yield this.sourceToken;
            return;
          case "doc-mode":
          case "doc-start": {
            const doc = {
              type: "document",
              offset: this.offset,
              start: []
            };
            if (this.type === "doc-start")
              doc.start.push(this.sourceToken);
            this.stack.push(doc);
            return;
          }
        }
        yield {
          type: "error",
          offset: this.offset,
          message: `Unexpected ${this.type} token in YAML stream`,
          source: this.source
        };
      }
      *document(doc) {
        if (doc.value)
          return yield* this.lineEnd(doc);
        switch (this.type) {
          case "doc-start": {
            if (findNonEmptyIndex(doc.start) !== -1) {
              yield* this.pop();
              yield* this.step();
            } else
              doc.start.push(this.sourceToken);
            return;
          }
          case "anchor":
          case "tag":
          case "space":
          case "comment":
          case "newline":
            doc.start.push(this.sourceToken);
            return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
          this.stack.push(bv);
        else {
          yield {
            type: "error",
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML document`,
            source: this.source
          };
        }
      }
      *scalar(scalar) {
        if (this.type === "map-value-ind") {
          const prev = getPrevProps(this.peek(2));
          const start = getFirstKeyStartProps(prev);
          let sep;
          if (scalar.end) {
            sep = scalar.end;
            sep.push(this.sourceToken);
            delete scalar.end;
          } else
            sep = [this.sourceToken];
          const map = {
            type: "block-map",
            offset: scalar.offset,
            indent: scalar.indent,
            items: [{ start, key: scalar, sep }]
          };
          this.onKeyLine = true;
          this.stack[this.stack.length - 1] = map;
        } else
          yield* this.lineEnd(scalar);
      }
      *blockScalar(scalar) {
        switch (this.type) {
          case "space":
          case "comment":
          case "newline":
            scalar.props.push(this.sourceToken);
            return;
          case "scalar":
            scalar.source = this.source;
            this.atNewLine = true;
            this.indent = 0;
            if (this.onNewLine) {
              let nl = this.source.indexOf("\n") + 1;
              while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf("\n", nl) + 1;
              }
            }
            yield* this.pop();
            break;
          /* istanbul ignore next should not happen */
          default:
            yield* this.pop();
            yield* this.step();
        }
      }
      *blockMap(map) {
        const it = map.items[map.items.length - 1];
        switch (this.type) {
          case "newline":
            this.onKeyLine = false;
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              it.start.push(this.sourceToken);
            }
            return;
          case "space":
          case "comment":
            if (it.value) {
              map.items.push({ start: [this.sourceToken] });
            } else if (it.sep) {
              it.sep.push(this.sourceToken);
            } else {
              if (this.atIndentedComment(it.start, map.indent)) {
                const prev = map.items[map.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  map.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
        }
        if (this.indent >= map.indent) {
          const atMapIndent = !this.onKeyLine && this.indent === map.indent;
          const atNextItem = atMapIndent && (it.sep || it.explicitKey) && this.type !== "seq-item-ind";
          let start = [];
          if (atNextItem && it.sep && !it.value) {
            const nl = [];
            for (let i = 0; i < it.sep.length; ++i) {
              const st = it.sep[i];
              switch (st.type) {
                case "newline":
                  nl.push(i);
                  break;
                case "space":
                  break;
                case "comment":
                  if (st.indent > map.indent)
                    nl.length = 0;
                  break;
                default:
                  nl.length = 0;
              }
            }
            if (nl.length >= 2)
              start = it.sep.splice(nl[1]);
          }
          switch (this.type) {
            case "anchor":
            case "tag":
              if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start });
                this.onKeyLine = true;
              } else if (it.sep) {
                it.sep.push(this.sourceToken);
              } else {
                it.start.push(this.sourceToken);
              }
              return;
            case "explicit-key-ind":
              if (!it.sep && !it.explicitKey) {
                it.start.push(this.sourceToken);
                it.explicitKey = true;
              } else if (atNextItem || it.value) {
                start.push(this.sourceToken);
                map.items.push({ start, explicitKey: true });
              } else {
                this.stack.push({
                  type: "block-map",
                  offset: this.offset,
                  indent: this.indent,
                  items: [{ start: [this.sourceToken], explicitKey: true }]
                });
              }
              this.onKeyLine = true;
              return;
            case "map-value-ind":
              if (it.explicitKey) {
                if (!it.sep) {
                  if (includesToken(it.start, "newline")) {
                    Object.assign(it, { key: null, sep: [this.sourceToken] });
                  } else {
                    const start2 = getFirstKeyStartProps(it.start);
                    this.stack.push({
                      type: "block-map",
                      offset: this.offset,
                      indent: this.indent,
                      items: [{ start: start2, key: null, sep: [this.sourceToken] }]
                    });
                  }
                } else if (it.value) {
                  map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                  });
                } else if (isFlowToken(it.key) && !includesToken(it.sep, "newline")) {
                  const start2 = getFirstKeyStartProps(it.start);
                  const key = it.key;
                  const sep = it.sep;
                  sep.push(this.sourceToken);
                  delete it.key;
                  delete it.sep;
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: start2, key, sep }]
                  });
                } else if (start.length > 0) {
                  it.sep = it.sep.concat(start, this.sourceToken);
                } else {
                  it.sep.push(this.sourceToken);
                }
              } else {
                if (!it.sep) {
                  Object.assign(it, { key: null, sep: [this.sourceToken] });
                } else if (it.value || atNextItem) {
                  map.items.push({ start, key: null, sep: [this.sourceToken] });
                } else if (includesToken(it.sep, "map-value-ind")) {
                  this.stack.push({
                    type: "block-map",
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [], key: null, sep: [this.sourceToken] }]
                  });
                } else {
                  it.sep.push(this.sourceToken);
                }
              }
              this.onKeyLine = true;
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (atNextItem || it.value) {
                map.items.push({ start, key: fs, sep: [] });
                this.onKeyLine = true;
              } else if (it.sep) {
                this.stack.push(fs);
              } else {
                Object.assign(it, { key: fs, sep: [] });
                this.onKeyLine = true;
              }
              return;
            }
            default: {
              const bv = this.startBlockValue(map);
              if (bv) {
                if (bv.type === "block-seq") {
                  if (!it.explicitKey && it.sep && !includesToken(it.sep, "newline")) {
                    yield* this.pop({
                      type: "error",
                      offset: this.offset,
                      message: "Unexpected block-seq-ind on same line with key",
                      source: this.source
                    });
                    return;
                  }
                } else if (atMapIndent) {
                  map.items.push({ start });
                }
                this.stack.push(bv);
                return;
              }
            }
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *blockSequence(seq) {
        const it = seq.items[seq.items.length - 1];
        switch (this.type) {
          case "newline":
            if (it.value) {
              const end = "end" in it.value ? it.value.end : void 0;
              const last = Array.isArray(end) ? end[end.length - 1] : void 0;
              if (last?.type === "comment")
                end?.push(this.sourceToken);
              else
                seq.items.push({ start: [this.sourceToken] });
            } else
              it.start.push(this.sourceToken);
            return;
          case "space":
          case "comment":
            if (it.value)
              seq.items.push({ start: [this.sourceToken] });
            else {
              if (this.atIndentedComment(it.start, seq.indent)) {
                const prev = seq.items[seq.items.length - 2];
                const end = prev?.value?.end;
                if (Array.isArray(end)) {
                  arrayPushArray(end, it.start);
                  end.push(this.sourceToken);
                  seq.items.pop();
                  return;
                }
              }
              it.start.push(this.sourceToken);
            }
            return;
          case "anchor":
          case "tag":
            if (it.value || this.indent <= seq.indent)
              break;
            it.start.push(this.sourceToken);
            return;
          case "seq-item-ind":
            if (this.indent !== seq.indent)
              break;
            if (it.value || includesToken(it.start, "seq-item-ind"))
              seq.items.push({ start: [this.sourceToken] });
            else
              it.start.push(this.sourceToken);
            return;
        }
        if (this.indent > seq.indent) {
          const bv = this.startBlockValue(seq);
          if (bv) {
            this.stack.push(bv);
            return;
          }
        }
        yield* this.pop();
        yield* this.step();
      }
      *flowCollection(fc) {
        const it = fc.items[fc.items.length - 1];
        if (this.type === "flow-error-end") {
          let top;
          do {
            yield* this.pop();
            top = this.peek(1);
          } while (top?.type === "flow-collection");
        } else if (fc.end.length === 0) {
          switch (this.type) {
            case "comma":
            case "explicit-key-ind":
              if (!it || it.sep)
                fc.items.push({ start: [this.sourceToken] });
              else
                it.start.push(this.sourceToken);
              return;
            case "map-value-ind":
              if (!it || it.value)
                fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                Object.assign(it, { key: null, sep: [this.sourceToken] });
              return;
            case "space":
            case "comment":
            case "newline":
            case "anchor":
            case "tag":
              if (!it || it.value)
                fc.items.push({ start: [this.sourceToken] });
              else if (it.sep)
                it.sep.push(this.sourceToken);
              else
                it.start.push(this.sourceToken);
              return;
            case "alias":
            case "scalar":
            case "single-quoted-scalar":
            case "double-quoted-scalar": {
              const fs = this.flowScalar(this.type);
              if (!it || it.value)
                fc.items.push({ start: [], key: fs, sep: [] });
              else if (it.sep)
                this.stack.push(fs);
              else
                Object.assign(it, { key: fs, sep: [] });
              return;
            }
            case "flow-map-end":
            case "flow-seq-end":
              fc.end.push(this.sourceToken);
              return;
          }
          const bv = this.startBlockValue(fc);
          if (bv)
            this.stack.push(bv);
          else {
            yield* this.pop();
            yield* this.step();
          }
        } else {
          const parent = this.peek(2);
          if (parent.type === "block-map" && (this.type === "map-value-ind" && parent.indent === fc.indent || this.type === "newline" && !parent.items[parent.items.length - 1].sep)) {
            yield* this.pop();
            yield* this.step();
          } else if (this.type === "map-value-ind" && parent.type !== "flow-collection") {
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            fixFlowSeqItems(fc);
            const sep = fc.end.splice(1, fc.end.length);
            sep.push(this.sourceToken);
            const map = {
              type: "block-map",
              offset: fc.offset,
              indent: fc.indent,
              items: [{ start, key: fc, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
          } else {
            yield* this.lineEnd(fc);
          }
        }
      }
      flowScalar(type) {
        if (this.onNewLine) {
          let nl = this.source.indexOf("\n") + 1;
          while (nl !== 0) {
            this.onNewLine(this.offset + nl);
            nl = this.source.indexOf("\n", nl) + 1;
          }
        }
        return {
          type,
          offset: this.offset,
          indent: this.indent,
          source: this.source
        };
      }
      startBlockValue(parent) {
        switch (this.type) {
          case "alias":
          case "scalar":
          case "single-quoted-scalar":
          case "double-quoted-scalar":
            return this.flowScalar(this.type);
          case "block-scalar-header":
            return {
              type: "block-scalar",
              offset: this.offset,
              indent: this.indent,
              props: [this.sourceToken],
              source: ""
            };
          case "flow-map-start":
          case "flow-seq-start":
            return {
              type: "flow-collection",
              offset: this.offset,
              indent: this.indent,
              start: this.sourceToken,
              items: [],
              end: []
            };
          case "seq-item-ind":
            return {
              type: "block-seq",
              offset: this.offset,
              indent: this.indent,
              items: [{ start: [this.sourceToken] }]
            };
          case "explicit-key-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            start.push(this.sourceToken);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, explicitKey: true }]
            };
          }
          case "map-value-ind": {
            this.onKeyLine = true;
            const prev = getPrevProps(parent);
            const start = getFirstKeyStartProps(prev);
            return {
              type: "block-map",
              offset: this.offset,
              indent: this.indent,
              items: [{ start, key: null, sep: [this.sourceToken] }]
            };
          }
        }
        return null;
      }
      atIndentedComment(start, indent) {
        if (this.type !== "comment")
          return false;
        if (this.indent <= indent)
          return false;
        return start.every((st) => st.type === "newline" || st.type === "space");
      }
      *documentEnd(docEnd) {
        if (this.type !== "doc-mode") {
          if (docEnd.end)
            docEnd.end.push(this.sourceToken);
          else
            docEnd.end = [this.sourceToken];
          if (this.type === "newline")
            yield* this.pop();
        }
      }
      *lineEnd(token) {
        switch (this.type) {
          case "comma":
          case "doc-start":
          case "doc-end":
          case "flow-seq-end":
          case "flow-map-end":
          case "map-value-ind":
            yield* this.pop();
            yield* this.step();
            break;
          case "newline":
            this.onKeyLine = false;
          // fallthrough
          case "space":
          case "comment":
          default:
            if (token.end)
              token.end.push(this.sourceToken);
            else
              token.end = [this.sourceToken];
            if (this.type === "newline")
              yield* this.pop();
        }
      }
    };
    exports.Parser = Parser;
  }
});

// node_modules/yaml/dist/public-api.js
var require_public_api = __commonJS({
  "node_modules/yaml/dist/public-api.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var errors = require_errors();
    var log = require_log();
    var identity = require_identity();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    function parseOptions(options) {
      const prettyErrors = options.prettyErrors !== false;
      const lineCounter$1 = options.lineCounter || prettyErrors && new lineCounter.LineCounter() || null;
      return { lineCounter: lineCounter$1, prettyErrors };
    }
    function parseAllDocuments(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      const docs = Array.from(composer$1.compose(parser$1.parse(source)));
      if (prettyErrors && lineCounter2)
        for (const doc of docs) {
          doc.errors.forEach(errors.prettifyError(source, lineCounter2));
          doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
        }
      if (docs.length > 0)
        return docs;
      return Object.assign([], { empty: true }, composer$1.streamInfo());
    }
    function parseDocument2(source, options = {}) {
      const { lineCounter: lineCounter2, prettyErrors } = parseOptions(options);
      const parser$1 = new parser.Parser(lineCounter2?.addNewLine);
      const composer$1 = new composer.Composer(options);
      let doc = null;
      for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
          doc = _doc;
        else if (doc.options.logLevel !== "silent") {
          doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), "MULTIPLE_DOCS", "Source contains multiple documents; please use YAML.parseAllDocuments()"));
          break;
        }
      }
      if (prettyErrors && lineCounter2) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter2));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter2));
      }
      return doc;
    }
    function parse2(src, reviver, options) {
      let _reviver = void 0;
      if (typeof reviver === "function") {
        _reviver = reviver;
      } else if (options === void 0 && reviver && typeof reviver === "object") {
        options = reviver;
      }
      const doc = parseDocument2(src, options);
      if (!doc)
        return null;
      doc.warnings.forEach((warning) => log.warn(doc.options.logLevel, warning));
      if (doc.errors.length > 0) {
        if (doc.options.logLevel !== "silent")
          throw doc.errors[0];
        else
          doc.errors = [];
      }
      return doc.toJS(Object.assign({ reviver: _reviver }, options));
    }
    function stringify(value, replacer, options) {
      let _replacer = null;
      if (typeof replacer === "function" || Array.isArray(replacer)) {
        _replacer = replacer;
      } else if (options === void 0 && replacer) {
        options = replacer;
      }
      if (typeof options === "string")
        options = options.length;
      if (typeof options === "number") {
        const indent = Math.round(options);
        options = indent < 1 ? void 0 : indent > 8 ? { indent: 8 } : { indent };
      }
      if (value === void 0) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
          return void 0;
      }
      if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
      return new Document.Document(value, _replacer, options).toString(options);
    }
    exports.parse = parse2;
    exports.parseAllDocuments = parseAllDocuments;
    exports.parseDocument = parseDocument2;
    exports.stringify = stringify;
  }
});

// node_modules/yaml/dist/index.js
var require_dist = __commonJS({
  "node_modules/yaml/dist/index.js"(exports) {
    "use strict";
    var composer = require_composer();
    var Document = require_Document();
    var Schema = require_Schema();
    var errors = require_errors();
    var Alias = require_Alias();
    var identity = require_identity();
    var Pair = require_Pair();
    var Scalar = require_Scalar();
    var YAMLMap = require_YAMLMap();
    var YAMLSeq = require_YAMLSeq();
    var cst = require_cst();
    var lexer = require_lexer();
    var lineCounter = require_line_counter();
    var parser = require_parser();
    var publicApi = require_public_api();
    var visit = require_visit();
    exports.Composer = composer.Composer;
    exports.Document = Document.Document;
    exports.Schema = Schema.Schema;
    exports.YAMLError = errors.YAMLError;
    exports.YAMLParseError = errors.YAMLParseError;
    exports.YAMLWarning = errors.YAMLWarning;
    exports.Alias = Alias.Alias;
    exports.isAlias = identity.isAlias;
    exports.isCollection = identity.isCollection;
    exports.isDocument = identity.isDocument;
    exports.isMap = identity.isMap;
    exports.isNode = identity.isNode;
    exports.isPair = identity.isPair;
    exports.isScalar = identity.isScalar;
    exports.isSeq = identity.isSeq;
    exports.Pair = Pair.Pair;
    exports.Scalar = Scalar.Scalar;
    exports.YAMLMap = YAMLMap.YAMLMap;
    exports.YAMLSeq = YAMLSeq.YAMLSeq;
    exports.CST = cst;
    exports.Lexer = lexer.Lexer;
    exports.LineCounter = lineCounter.LineCounter;
    exports.Parser = parser.Parser;
    exports.parse = publicApi.parse;
    exports.parseAllDocuments = publicApi.parseAllDocuments;
    exports.parseDocument = publicApi.parseDocument;
    exports.stringify = publicApi.stringify;
    exports.visit = visit.visit;
    exports.visitAsync = visit.visitAsync;
  }
});

// src/cli.ts
import { readFile as readFile9 } from "node:fs/promises";
import path11 from "node:path";
import { parseArgs } from "node:util";

// src/format.ts
var TIME_UNITS = [
  [1e9, "s"],
  [1e6, "ms"],
  [1e3, "µs"],
  [1, "ns"]
];
var BYTE_UNITS = [
  [1024 ** 3, "GiB"],
  [1024 ** 2, "MiB"],
  [1024, "KiB"],
  [1, "B"]
];
function sig3(x) {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 100) return x.toFixed(0);
  if (a >= 10) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  if (a === 0) return "0";
  return x.toPrecision(3);
}
function scaled(value, table2) {
  const a = Math.abs(value);
  for (const [factor, name] of table2) {
    if (a >= factor) return `${sig3(value / factor)} ${name}`;
  }
  const last = table2[table2.length - 1];
  return `${sig3(value / last[0])} ${last[1]}`;
}
function formatValue(value, unit) {
  switch (unit) {
    case "ns":
      return scaled(value, TIME_UNITS);
    case "bytes":
      return scaled(value, BYTE_UNITS);
    case "ops/s":
      return `${formatCount(value)}/s`;
    case "bytes/s":
      return `${scaled(value, BYTE_UNITS)}/s`;
    case "percent":
      return `${sig3(value)}%`;
    default:
      return formatCount(value);
  }
}
function formatCount(value) {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return value.toLocaleString("en-US");
  const a = Math.abs(value);
  if (a >= 1e9) return `${sig3(value / 1e9)} G`;
  if (a >= 1e6) return `${sig3(value / 1e6)} M`;
  if (a >= 1e3) return `${sig3(value / 1e3)} k`;
  return sig3(value);
}
function formatChange(change) {
  if (!Number.isFinite(change)) return change > 0 ? "+∞" : change < 0 ? "-∞" : "n/a";
  const pct = change * 100;
  if (pct === 0) return "±0.00%";
  const digits = Math.abs(pct) >= 10 ? 1 : 2;
  return `${pct > 0 ? "+" : ""}${pct.toFixed(digits)}%`;
}
function formatRatioInterval(low, high) {
  return `${formatChange(low - 1)} … ${formatChange(high - 1)}`;
}
function formatPValue(p) {
  if (!Number.isFinite(p)) return "n/a";
  if (p < 1e-4) return "<0.0001";
  return p.toFixed(4);
}
function formatPercentSetting(fraction) {
  return `${sig3(fraction * 100)}%`;
}
function formatAge(from, to) {
  const s = Math.round((to.getTime() - from.getTime()) / 1e3);
  if (s < 0) return "in the future (clock skew)";
  if (s < 90) return `${s} second${s === 1 ? "" : "s"} ago`;
  const m = Math.round(s / 60);
  if (m < 90) return `${m} minutes ago`;
  const h = Math.round(m / 60);
  if (h < 36) return `${h} hours ago`;
  return `${Math.round(h / 24)} days ago`;
}
function shortSha(sha) {
  return sha ? sha.slice(0, 7) : "unknown commit";
}

// src/store/dir.ts
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";

// node_modules/zod/v4/core/util.js
var util_exports = {};
__export(util_exports, {
  BIGINT_FORMAT_RANGES: () => BIGINT_FORMAT_RANGES,
  CONSTANT_CATCH: () => CONSTANT_CATCH,
  Class: () => Class,
  NUMBER_FORMAT_RANGES: () => NUMBER_FORMAT_RANGES,
  aborted: () => aborted,
  allowsEval: () => allowsEval,
  assert: () => assert,
  assertEqual: () => assertEqual,
  assertIs: () => assertIs,
  assertNever: () => assertNever,
  assertNotEqual: () => assertNotEqual,
  assignProp: () => assignProp,
  attachSchema: () => attachSchema,
  base64ToUint8Array: () => base64ToUint8Array,
  base64urlToUint8Array: () => base64urlToUint8Array,
  cached: () => cached,
  captureStackTrace: () => captureStackTrace,
  cleanEnum: () => cleanEnum,
  cleanRegex: () => cleanRegex,
  clone: () => clone,
  cloneDef: () => cloneDef,
  codePointLength: () => codePointLength,
  constantCatch: () => constantCatch,
  createTransparentProxy: () => createTransparentProxy,
  defineLazy: () => defineLazy,
  defineLazyInternal: () => defineLazyInternal,
  derived: () => derived,
  esc: () => esc,
  escapeRegex: () => escapeRegex,
  explicitlyAborted: () => explicitlyAborted,
  extend: () => extend,
  finalizeIssue: () => finalizeIssue,
  floatSafeRemainder: () => floatSafeRemainder,
  getElementAtPath: () => getElementAtPath,
  getEnumValues: () => getEnumValues,
  getLengthableOrigin: () => getLengthableOrigin,
  getParsedType: () => getParsedType,
  getSizableOrigin: () => getSizableOrigin,
  hexToUint8Array: () => hexToUint8Array,
  hide: () => hide,
  installLazyProp: () => installLazyProp,
  isObject: () => isObject,
  isPlainObject: () => isPlainObject,
  issue: () => issue,
  joinValues: () => joinValues,
  jsonStringifyReplacer: () => jsonStringifyReplacer,
  members: () => members,
  merge: () => merge,
  mergeDefs: () => mergeDefs,
  normalizeParams: () => normalizeParams,
  nullish: () => nullish,
  numKeys: () => numKeys,
  objectClone: () => objectClone,
  omit: () => omit,
  optionalKeys: () => optionalKeys,
  own: () => own,
  parsedType: () => parsedType,
  partial: () => partial,
  pick: () => pick,
  prefixIssues: () => prefixIssues,
  primitiveTypes: () => primitiveTypes,
  promiseAllObject: () => promiseAllObject,
  propertyKeyTypes: () => propertyKeyTypes,
  randomString: () => randomString,
  rawShape: () => rawShape,
  required: () => required,
  safeExtend: () => safeExtend,
  shallowClone: () => shallowClone,
  sizeCaps: () => sizeCaps,
  slugify: () => slugify,
  stringifyPrimitive: () => stringifyPrimitive,
  toZod: () => toZod,
  uint8ArrayToBase64: () => uint8ArrayToBase64,
  uint8ArrayToBase64url: () => uint8ArrayToBase64url,
  uint8ArrayToHex: () => uint8ArrayToHex,
  unwrapMessage: () => unwrapMessage
});
function assertEqual(val) {
  return val;
}
function assertNotEqual(val) {
  return val;
}
function toZod() {
  return (schema) => schema;
}
function assertIs(_arg) {
}
function assertNever(_x) {
  throw new Error("Unexpected value in exhaustive check");
}
function assert(_) {
}
function getEnumValues(entries2) {
  const numericValues = Object.values(entries2).filter((v) => typeof v === "number");
  const values = Object.entries(entries2).filter(([k, _]) => numericValues.indexOf(+k) === -1).map(([_, v]) => v);
  return values;
}
function joinValues(array2, separator = "|") {
  return array2.map((val) => stringifyPrimitive(val)).join(separator);
}
function jsonStringifyReplacer(_, value) {
  if (typeof value === "bigint")
    return value.toString();
  return value;
}
var Cached = class {
  constructor(getter) {
    this._getter = getter;
    this._value = void 0;
  }
  get value() {
    const getter = this._getter;
    if (getter !== void 0) {
      this._value = getter();
      this._getter = void 0;
    }
    return this._value;
  }
};
function cached(getter) {
  return new Cached(getter);
}
function nullish(input) {
  return input === null || input === void 0;
}
function cleanRegex(source) {
  const start = source.startsWith("^") ? 1 : 0;
  const end = source.endsWith("$") ? source.length - 1 : source.length;
  return source.slice(start, end);
}
function floatSafeRemainder(val, step) {
  const ratio = val / step;
  const roundedRatio = Math.round(ratio);
  const tolerance = 4 * Number.EPSILON * Math.max(Math.abs(ratio), 1);
  if (Math.abs(ratio - roundedRatio) < tolerance)
    return 0;
  return ratio - roundedRatio;
}
var EVALUATING = /* @__PURE__ */ Symbol("evaluating");
function defineLazy(object2, key, getter) {
  let value = void 0;
  Object.defineProperty(object2, key, {
    get() {
      if (value === EVALUATING) {
        return void 0;
      }
      if (value === void 0) {
        value = EVALUATING;
        value = getter();
      }
      return value;
    },
    set(v) {
      Object.defineProperty(object2, key, {
        value: v
        // configurable: true,
      });
    },
    configurable: true
  });
}
function objectClone(obj) {
  return Object.create(Object.getPrototypeOf(obj), Object.getOwnPropertyDescriptors(obj));
}
function assignProp(target, prop, value) {
  Object.defineProperty(target, prop, {
    value,
    writable: true,
    enumerable: true,
    configurable: true
  });
}
function rawShape(def) {
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  return desc?.get ? desc.get.raw : desc?.value;
}
function sourceShape(schema) {
  return rawShape(schema._zod.def) ?? schema._zod.def.shape;
}
function deferProp(target, key, getter) {
  Object.defineProperty(target, key, {
    get() {
      const value = getter();
      assignProp(this, key, value);
      return value;
    },
    enumerable: true,
    configurable: true
  });
}
function putProp(target, key, value) {
  if (key in target)
    assignProp(target, key, value);
  else
    target[key] = value;
}
function mirrorShape(target, source, keys, wrap) {
  const raw = sourceShape(source);
  for (const key of keys) {
    const desc = Object.getOwnPropertyDescriptor(raw, key);
    if (!desc.enumerable)
      continue;
    if (desc.get) {
      deferProp(target, key, () => {
        const value = source._zod.def.shape[key];
        return wrap ? wrap(value, key) : value;
      });
    } else
      putProp(target, key, wrap ? wrap(desc.value, key) : desc.value);
  }
}
function mirrorProps(target, source) {
  for (const key of Reflect.ownKeys(source)) {
    const desc = Object.getOwnPropertyDescriptor(source, key);
    if (!desc.enumerable)
      continue;
    if (desc.get)
      deferProp(target, key, () => source[key]);
    else
      putProp(target, key, desc.value);
  }
}
function mergeDefs(...defs) {
  const mergedDescriptors = {};
  for (const def of defs) {
    const descriptors = Object.getOwnPropertyDescriptors(def);
    Object.assign(mergedDescriptors, descriptors);
  }
  return Object.defineProperties({}, mergedDescriptors);
}
function cloneDef(schema) {
  return mergeDefs(schema._zod.def);
}
function getElementAtPath(obj, path12) {
  if (!path12)
    return obj;
  return path12.reduce((acc, key) => acc?.[key], obj);
}
function promiseAllObject(promisesObj) {
  const keys = Object.keys(promisesObj);
  const promises = keys.map((key) => promisesObj[key]);
  return Promise.all(promises).then((results) => {
    const resolvedObj = {};
    for (let i = 0; i < keys.length; i++) {
      resolvedObj[keys[i]] = results[i];
    }
    return resolvedObj;
  });
}
function randomString(length = 10) {
  const chars = "abcdefghijklmnopqrstuvwxyz";
  let str = "";
  for (let i = 0; i < length; i++) {
    str += chars[Math.floor(Math.random() * chars.length)];
  }
  return str;
}
function esc(str) {
  return JSON.stringify(str);
}
function slugify(input) {
  return input.toLowerCase().trim().replace(/[^\w\s-]/g, "").replace(/[\s_-]+/g, "-").replace(/^-+|-+$/g, "");
}
var captureStackTrace = "captureStackTrace" in Error ? Error.captureStackTrace : (..._args) => {
};
function isObject(data) {
  return typeof data === "object" && data !== null && !Array.isArray(data);
}
var allowsEval = /* @__PURE__ */ cached(() => {
  if (globalConfig.jitless) {
    return false;
  }
  if (typeof navigator !== "undefined" && navigator?.userAgent?.includes("Cloudflare")) {
    return false;
  }
  try {
    const F = Function;
    new F("");
    return true;
  } catch (_) {
    return false;
  }
});
function isPlainObject(o) {
  if (isObject(o) === false)
    return false;
  const ctor = o.constructor;
  if (ctor === void 0)
    return true;
  if (typeof ctor !== "function")
    return true;
  const prot = ctor.prototype;
  if (isObject(prot) === false)
    return false;
  if (Object.prototype.hasOwnProperty.call(prot, "isPrototypeOf") === false) {
    return false;
  }
  return true;
}
function shallowClone(o) {
  if (isPlainObject(o))
    return { ...o };
  if (Array.isArray(o))
    return [...o];
  if (o instanceof Map)
    return new Map(o);
  if (o instanceof Set)
    return new Set(o);
  return o;
}
function numKeys(data) {
  let keyCount = 0;
  for (const key in data) {
    if (Object.prototype.hasOwnProperty.call(data, key)) {
      keyCount++;
    }
  }
  return keyCount;
}
var getParsedType = (data) => {
  const t = typeof data;
  switch (t) {
    case "undefined":
      return "undefined";
    case "string":
      return "string";
    case "number":
      return Number.isNaN(data) ? "nan" : "number";
    case "boolean":
      return "boolean";
    case "function":
      return "function";
    case "bigint":
      return "bigint";
    case "symbol":
      return "symbol";
    case "object":
      if (Array.isArray(data)) {
        return "array";
      }
      if (data === null) {
        return "null";
      }
      if (data.then && typeof data.then === "function" && data.catch && typeof data.catch === "function") {
        return "promise";
      }
      if (typeof Map !== "undefined" && data instanceof Map) {
        return "map";
      }
      if (typeof Set !== "undefined" && data instanceof Set) {
        return "set";
      }
      if (typeof Date !== "undefined" && data instanceof Date) {
        return "date";
      }
      if (typeof File !== "undefined" && data instanceof File) {
        return "file";
      }
      return "object";
    default:
      throw new Error(`Unknown data type: ${t}`);
  }
};
var propertyKeyTypes = /* @__PURE__ */ new Set(["string", "number", "symbol"]);
var primitiveTypes = /* @__PURE__ */ new Set([
  "string",
  "number",
  "bigint",
  "boolean",
  "symbol",
  "undefined"
]);
function escapeRegex(str) {
  return str.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
function clone(inst, def, params) {
  const cl = new inst._zod.constr(def ?? inst._zod.def);
  if (!def || params?.parent)
    cl._zod.parent = inst;
  return cl;
}
function normalizeParams(_params) {
  const params = _params;
  if (!params)
    return {};
  if (typeof params === "string")
    return { error: () => params };
  if (params?.message !== void 0) {
    if (params?.error !== void 0)
      throw new Error("Cannot specify both `message` and `error` params");
    params.error = params.message;
  }
  delete params.message;
  if (typeof params.error === "string")
    return { ...params, error: () => params.error };
  return params;
}
function createTransparentProxy(getter) {
  let target;
  return new Proxy({}, {
    get(_, prop, receiver) {
      target ?? (target = getter());
      return Reflect.get(target, prop, receiver);
    },
    set(_, prop, value, receiver) {
      target ?? (target = getter());
      return Reflect.set(target, prop, value, receiver);
    },
    has(_, prop) {
      target ?? (target = getter());
      return Reflect.has(target, prop);
    },
    deleteProperty(_, prop) {
      target ?? (target = getter());
      return Reflect.deleteProperty(target, prop);
    },
    ownKeys(_) {
      target ?? (target = getter());
      return Reflect.ownKeys(target);
    },
    getOwnPropertyDescriptor(_, prop) {
      target ?? (target = getter());
      return Reflect.getOwnPropertyDescriptor(target, prop);
    },
    defineProperty(_, prop, descriptor) {
      target ?? (target = getter());
      return Reflect.defineProperty(target, prop, descriptor);
    }
  });
}
function stringifyPrimitive(value) {
  if (typeof value === "bigint")
    return value.toString() + "n";
  if (typeof value === "string")
    return `"${value}"`;
  return `${value}`;
}
function optionalKeys(shape) {
  return Object.keys(shape).filter((k) => {
    return shape[k]._zod.optin !== void 0 && shape[k]._zod.optout === "optional";
  });
}
var NUMBER_FORMAT_RANGES = /* @__PURE__ */ (() => ({
  safeint: [Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER],
  int32: [-2147483648, 2147483647],
  uint32: [0, 4294967295],
  float32: [-34028234663852886e22, 34028234663852886e22],
  float64: [-Number.MAX_VALUE, Number.MAX_VALUE]
}))();
var BIGINT_FORMAT_RANGES = {
  int64: [/* @__PURE__ */ BigInt("-9223372036854775808"), /* @__PURE__ */ BigInt("9223372036854775807")],
  uint64: [/* @__PURE__ */ BigInt(0), /* @__PURE__ */ BigInt("18446744073709551615")]
};
function pick(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".pick() cannot be used on object schemas containing refinements");
  }
  const newShape = {};
  mirrorShape(newShape, schema, maskedKeys(schema, mask));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function maskedKeys(schema, mask) {
  const raw = sourceShape(schema);
  const keys = [];
  for (const key of Reflect.ownKeys(mask)) {
    if (!Object.getOwnPropertyDescriptor(raw, key)?.enumerable) {
      throw new Error(`Unrecognized key: "${String(key)}"`);
    }
    if (mask[key])
      keys.push(key);
  }
  return keys;
}
function omit(schema, mask) {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(".omit() cannot be used on object schemas containing refinements");
  }
  const omitted = new Set(maskedKeys(schema, mask));
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)).filter((key) => !omitted.has(key)));
  return clone(schema, mergeDefs(currDef, { shape: newShape, checks: [] }));
}
function extend(schema, shape) {
  if (!isPlainObject(shape)) {
    throw new Error("Invalid input to extend: expected a plain object");
  }
  const checks = schema._zod.def.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    const existingShape = sourceShape(schema);
    for (const key of Reflect.ownKeys(shape)) {
      if (Object.getOwnPropertyDescriptor(existingShape, key) !== void 0) {
        throw new Error("Cannot overwrite keys on object schemas containing refinements. Use `.safeExtend()` instead.");
      }
    }
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function extended(schema, shape) {
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)));
  mirrorProps(newShape, shape);
  return newShape;
}
function safeExtend(schema, shape) {
  if (!isPlainObject(shape)) {
    throw new Error("Invalid input to safeExtend: expected a plain object");
  }
  return clone(schema, mergeDefs(schema._zod.def, { shape: extended(schema, shape) }));
}
function merge(a, b) {
  if (!b?._zod?.def) {
    throw new Error("Invalid input to merge: expected an object schema. To merge a plain shape, use `.extend()`.");
  }
  if (a._zod.def.checks?.length) {
    throw new Error(".merge() cannot be used on object schemas containing refinements. Use .safeExtend() instead.");
  }
  const newShape = {};
  mirrorShape(newShape, a, Reflect.ownKeys(sourceShape(a)));
  mirrorShape(newShape, b, Reflect.ownKeys(sourceShape(b)));
  const def = mergeDefs(a._zod.def, {
    shape: newShape,
    get catchall() {
      return b._zod.def.catchall;
    },
    checks: b._zod.def.checks ?? []
  });
  return clone(a, def);
}
function partial(Class2, schema, mask, name = "partial") {
  const currDef = schema._zod.def;
  const checks = currDef.checks;
  const hasChecks = checks && checks.length > 0;
  if (hasChecks) {
    throw new Error(`.${name}() cannot be used on object schemas containing refinements`);
  }
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), Class2 && ((value, key) => selected && !selected.has(key) ? value : new Class2({ type: "optional", innerType: value })));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape, checks: [] }));
}
function required(Class2, schema, mask) {
  const selected = mask ? new Set(maskedKeys(schema, mask)) : void 0;
  const newShape = {};
  mirrorShape(newShape, schema, Reflect.ownKeys(sourceShape(schema)), (value, key) => (
    // overwrite with non-optional
    selected && !selected.has(key) ? value : new Class2({ type: "nonoptional", innerType: value })
  ));
  return clone(schema, mergeDefs(schema._zod.def, { shape: newShape }));
}
function aborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue !== true) {
      return true;
    }
  }
  return false;
}
function explicitlyAborted(x, startIndex = 0) {
  if (x.aborted === true)
    return true;
  for (let i = startIndex; i < x.issues.length; i++) {
    if (x.issues[i]?.continue === false) {
      return true;
    }
  }
  return false;
}
function prefixIssues(path12, issues) {
  return issues.map((iss) => {
    var _a3;
    (_a3 = iss).path ?? (_a3.path = []);
    iss.path.unshift(path12);
    return iss;
  });
}
function unwrapMessage(message) {
  return typeof message === "string" ? message : message?.message;
}
function sizeCaps(defChecks) {
  const caps = [];
  for (const ch of defChecks ?? []) {
    const d = ch._zod.def;
    if (!/_(length|size)$|_equals$/.test(d.check))
      break;
    const max = d.maximum ?? d.length ?? d.size;
    if (max >= 0)
      caps.push([max, ch]);
  }
  return caps;
}
function attachSchema(issues, start, inst) {
  var _a3;
  for (let i = start; i < issues.length; i++) {
    (_a3 = issues[i]).schema ?? (_a3.schema = inst);
  }
}
function finalizeIssue(iss, ctx, config2) {
  var _a3;
  const traits = iss.inst?._zod?.traits;
  if (traits?.has("$ZodType")) {
    if (traits.has("$ZodCheck"))
      (_a3 = iss).schema ?? (_a3.schema = iss.inst);
    else
      iss.schema = iss.inst;
  }
  const schemaError = iss.schema !== iss.inst ? iss.schema?._zod.def?.error : void 0;
  const message = iss.message ? iss.message : unwrapMessage(iss.inst?._zod.def?.error?.(iss)) ?? unwrapMessage(schemaError?.(iss)) ?? unwrapMessage(ctx?.error?.(iss)) ?? unwrapMessage(config2.customError?.(iss)) ?? unwrapMessage(config2.localeError?.(iss)) ?? "Invalid input";
  const full = {};
  for (const k of Object.keys(iss)) {
    if (k === "inst" || k === "schema" || k === "continue" || k === "input" || k === "__proto__")
      continue;
    full[k] = iss[k];
  }
  full.path ?? (full.path = []);
  full.message = message;
  if (ctx?.reportInput) {
    full.input = iss.input;
  }
  return full;
}
function getSizableOrigin(input) {
  if (input instanceof Set)
    return "set";
  if (input instanceof Map)
    return "map";
  if (input instanceof File)
    return "file";
  return "unknown";
}
var highSurrogate = /[\uD800-\uDBFF]/;
function codePointLength(str) {
  const units = str.length;
  if (!highSurrogate.test(str))
    return units;
  let count2 = units;
  for (let i = 0; i < units - 1; i++) {
    if ((str.charCodeAt(i) & 64512) === 55296 && (str.charCodeAt(i + 1) & 64512) === 56320) {
      count2--;
      i++;
    }
  }
  return count2;
}
function getLengthableOrigin(input) {
  if (Array.isArray(input))
    return "array";
  if (typeof input === "string")
    return "string";
  return "unknown";
}
function parsedType(data) {
  const t = typeof data;
  switch (t) {
    case "number": {
      return Number.isNaN(data) ? "nan" : "number";
    }
    case "object": {
      if (data === null) {
        return "null";
      }
      if (Array.isArray(data)) {
        return "array";
      }
      const obj = data;
      if (obj && Object.getPrototypeOf(obj) !== Object.prototype && "constructor" in obj && obj.constructor) {
        return obj.constructor.name;
      }
    }
  }
  return t;
}
function issue(...args) {
  const [iss, input, inst] = args;
  if (typeof iss === "string") {
    return {
      message: iss,
      code: "custom",
      input,
      inst
    };
  }
  return { ...iss };
}
function cleanEnum(obj) {
  return Object.entries(obj).filter(([k, _]) => {
    return Number.isNaN(Number.parseInt(k, 10));
  }).map((el) => el[1]);
}
function base64ToUint8Array(base642) {
  const binaryString = atob(base642);
  const bytes = new Uint8Array(binaryString.length);
  for (let i = 0; i < binaryString.length; i++) {
    bytes[i] = binaryString.charCodeAt(i);
  }
  return bytes;
}
function uint8ArrayToBase64(bytes) {
  let binaryString = "";
  for (let i = 0; i < bytes.length; i++) {
    binaryString += String.fromCharCode(bytes[i]);
  }
  return btoa(binaryString);
}
function base64urlToUint8Array(base64url2) {
  const base642 = base64url2.replace(/-/g, "+").replace(/_/g, "/");
  const padding = "=".repeat((4 - base642.length % 4) % 4);
  return base64ToUint8Array(base642 + padding);
}
function uint8ArrayToBase64url(bytes) {
  return uint8ArrayToBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=/g, "");
}
function hexToUint8Array(hex) {
  const cleanHex = hex.replace(/^0x/, "");
  if (cleanHex.length % 2 !== 0) {
    throw new Error("Invalid hex string length");
  }
  const bytes = new Uint8Array(cleanHex.length / 2);
  for (let i = 0; i < cleanHex.length; i += 2) {
    bytes[i / 2] = Number.parseInt(cleanHex.slice(i, i + 2), 16);
  }
  return bytes;
}
function uint8ArrayToHex(bytes) {
  return Array.from(bytes).map((b) => b.toString(16).padStart(2, "0")).join("");
}
var Class = class {
  constructor(..._args) {
  }
};
function members(proto, table2) {
  for (const key in table2) {
    const desc = Object.getOwnPropertyDescriptor(table2, key);
    if (desc.get)
      Object.defineProperty(proto, key, { ...desc, enumerable: false });
    else
      defineBound(proto, key, desc.value);
  }
}
function own(inst, key, value, enumerable = true) {
  Object.defineProperty(inst, key, { configurable: true, writable: true, enumerable, value });
  return value;
}
function hide(inst, key, value) {
  return own(inst, key, value, false);
}
// @__NO_SIDE_EFFECTS__
function derived(computes, table2) {
  for (const key in computes) {
    const compute = computes[key];
    Object.defineProperty(table2, key, {
      configurable: true,
      enumerable: true,
      get() {
        return own(this, key, compute(this));
      },
      set(value) {
        own(this, key, value);
      }
    });
  }
  return table2;
}
function defineBound(proto, key, fn) {
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      return this == null ? fn : own(this, key, fn.bind(this));
    },
    set(value) {
      own(this, key, value);
    }
  });
}
function claim(inst, sentinel) {
  const proto = Object.getPrototypeOf(inst);
  return sentinel in proto ? void 0 : proto;
}
var installing;
var broke = false;
var breaker = {
  configurable: true,
  get() {
    broke = true;
    return void 0;
  }
};
function defineLazyInternal(inst, key, compute) {
  const proto = Object.getPrototypeOf(inst._zod);
  if (key in proto && installing !== inst._zod) {
    installing = void 0;
    return;
  }
  installing = inst._zod;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      Object.defineProperty(this, key, breaker);
      const outer = broke;
      broke = false;
      try {
        const value = compute(this);
        if (broke)
          delete this[key];
        else
          Object.defineProperty(this, key, { configurable: true, writable: true, value });
        broke = broke || outer;
        return value;
      } catch (err) {
        delete this[key];
        broke = broke || outer;
        throw err;
      }
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, value });
    }
  });
}
function installLazyProp(inst, key, make, enumerable) {
  const proto = claim(inst, key);
  if (!proto)
    return;
  Object.defineProperty(proto, key, {
    configurable: true,
    get() {
      const desc = { configurable: true, writable: true, enumerable, value: void 0 };
      Object.defineProperty(this, key, desc);
      desc.value = make(this);
      Object.defineProperty(this, key, desc);
      return desc.value;
    },
    set(value) {
      Object.defineProperty(this, key, { configurable: true, writable: true, enumerable, value });
    }
  });
}
var CONSTANT_CATCH = "~constantCatch";
function constantCatch(value) {
  const fn = () => value;
  fn[CONSTANT_CATCH] = true;
  return fn;
}

// node_modules/zod/v4/core/core.js
var _a;
var NEVER = /* @__PURE__ */ Object.freeze({
  status: "aborted"
});
var _zodDesc = { value: void 0, enumerable: false };
var _E = "captureStackTrace" in Error ? Error : null;
function newError(Definition) {
  const E = _E;
  if (E) {
    const saved = E.stackTraceLimit;
    if (typeof saved === "number") {
      try {
        E.stackTraceLimit = 0;
      } catch {
        _E = null;
        return new Definition();
      }
      try {
        return new Definition();
      } finally {
        E.stackTraceLimit = saved;
      }
    }
  }
  return new Definition();
}
// @__NO_SIDE_EFFECTS__
function $constructor(name, initializer3, proto, params) {
  const zodProto = {};
  function Internals(def) {
    this.def = def;
    this.constr = _;
    this.traits = /* @__PURE__ */ new Set();
  }
  Internals.prototype = zodProto;
  const protoMembers = proto;
  const initialized = protoMembers && /* @__PURE__ */ new WeakSet();
  function init(inst, def) {
    if (!inst._zod) {
      _zodDesc.value = new Internals(def);
      try {
        Object.defineProperty(inst, "_zod", _zodDesc);
      } finally {
        _zodDesc.value = void 0;
      }
    } else if (inst._zod.traits.has(name)) {
      return;
    }
    inst._zod.traits.add(name);
    initializer3(inst, def);
    if (initialized) {
      const own2 = Object.getPrototypeOf(inst);
      const ctorProto = inst._zod.constr.prototype;
      let up = own2;
      while (up && up !== ctorProto)
        up = Object.getPrototypeOf(up);
      const target = up ?? own2;
      if (!initialized.has(target)) {
        initialized.add(target);
        members(target, protoMembers);
      }
    }
    const proto2 = _.prototype;
    for (const k in proto2) {
      if (!Object.prototype.hasOwnProperty.call(proto2, k))
        continue;
      if (!(k in inst)) {
        inst[k] = proto2[k].bind(inst);
      }
    }
  }
  const Parent = params?.Parent ?? Object;
  class Definition extends Parent {
  }
  Object.defineProperty(Definition, "name", { value: name });
  function _(def) {
    const inst = params?.Parent ? newError(Definition) : this;
    init(inst, def);
    const deferred = inst._zod.deferred;
    if (deferred) {
      for (const fn of deferred) {
        fn();
      }
      inst._zod.deferred = void 0;
    }
    const pp = globalThis.__zod_globalConfig?.postProcessor;
    if (pp)
      pp(inst);
    return inst;
  }
  Object.defineProperty(_, "init", { value: init });
  Object.defineProperty(_, Symbol.hasInstance, {
    value: (inst) => {
      if (params?.Parent && inst instanceof params.Parent)
        return true;
      return inst?._zod?.traits?.has(name);
    }
  });
  Object.defineProperty(_, "name", { value: name });
  return _;
}
var $ZodAsyncError = class extends Error {
  constructor() {
    super(`Encountered Promise during synchronous parse. Use .parseAsync() instead.`);
  }
};
var $ZodEncodeError = class extends Error {
  constructor(name) {
    super(`Encountered unidirectional transform during encode: ${name}`);
    this.name = "ZodEncodeError";
  }
};
(_a = globalThis).__zod_globalConfig ?? (_a.__zod_globalConfig = {});
var globalConfig = globalThis.__zod_globalConfig;
function config(newConfig) {
  if (newConfig)
    Object.assign(globalConfig, newConfig);
  return globalConfig;
}

// node_modules/zod/v4/core/errors.js
function _getMessage() {
  const internals = this._zod;
  internals.message ?? (internals.message = JSON.stringify(internals.def, jsonStringifyReplacer, 2));
  return internals.message;
}
function _setMessage(value) {
  this._zod.message = value;
}
var _messageDesc = {
  get: _getMessage,
  set: _setMessage,
  enumerable: true,
  configurable: true
};
var _issuesDesc = { value: void 0, enumerable: false };
var _installedToString = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
var initializer = (inst, def) => {
  inst.name = "$ZodError";
  _issuesDesc.value = def;
  Object.defineProperty(inst, "issues", _issuesDesc);
  _issuesDesc.value = void 0;
  Object.defineProperty(inst, "message", _messageDesc);
  const proto = Object.getPrototypeOf(inst);
  if (!_installedToString.has(proto)) {
    _installedToString.add(proto);
    Object.defineProperty(proto, "toString", {
      configurable: true,
      enumerable: false,
      get() {
        const value = () => this.message;
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
        return value;
      },
      set(value) {
        Object.defineProperty(this, "toString", { value, configurable: true, writable: true });
      }
    });
  }
};
var $ZodError = $constructor("$ZodError", initializer);
var $ZodRealError = $constructor("$ZodError", initializer, void 0, {
  Parent: Error
});
function node(obj, key, make) {
  if (!Object.prototype.hasOwnProperty.call(obj, key)) {
    if (key === "__proto__") {
      Object.defineProperty(obj, key, { value: make(), writable: true, enumerable: true, configurable: true });
    } else {
      obj[key] = make();
    }
  }
  return obj[key];
}
function flattenError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = {};
  const formErrors = [];
  for (const sub of error2.issues) {
    if (sub.path.length > 0) {
      node(fieldErrors, sub.path[0], () => []).push(mapper(sub));
    } else {
      formErrors.push(mapper(sub));
    }
  }
  return { formErrors, fieldErrors };
}
function formatError(error2, mapper = (issue2) => issue2.message) {
  const fieldErrors = { _errors: [] };
  const processError = (error3, path12 = []) => {
    for (const issue2 of error3.issues) {
      if (issue2.code === "invalid_union" && issue2.errors.length) {
        issue2.errors.map((issues) => processError({ issues }, [...path12, ...issue2.path]));
      } else if (issue2.code === "invalid_key") {
        processError({ issues: issue2.issues }, [...path12, ...issue2.path]);
      } else if (issue2.code === "invalid_element") {
        processError({ issues: issue2.issues }, [...path12, ...issue2.path]);
      } else {
        const fullpath = [...path12, ...issue2.path];
        if (fullpath.length === 0) {
          fieldErrors._errors.push(mapper(issue2));
        } else {
          let curr = fieldErrors;
          let i = 0;
          while (i < fullpath.length) {
            const el = fullpath[i];
            const terminal = i === fullpath.length - 1;
            if (el === "_errors") {
              if (terminal)
                curr._errors.push(mapper(issue2));
              i++;
              continue;
            }
            if (!Object.prototype.hasOwnProperty.call(curr, el)) {
              Object.defineProperty(curr, el, {
                value: { _errors: [] },
                enumerable: true,
                writable: true,
                configurable: true
              });
            }
            const node2 = curr[el];
            if (terminal) {
              node2._errors.push(mapper(issue2));
            }
            curr = node2;
            i++;
          }
        }
      }
    }
  };
  processError(error2);
  return fieldErrors;
}

// node_modules/zod/v4/core/parse.js
function finalizeParams(callee, params) {
  return { callee: params?.callee ?? callee, Err: params?.Err };
}
var _parse = (_Err) => {
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
    const result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise) {
      throw new $ZodAsyncError();
    }
    if (result.issues.length) {
      const e = new (_params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, _params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var _parseAsync = (_Err) => {
  const fn = async (schema, value, _ctx, params) => {
    const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
    let result = schema._zod.run({ value, issues: [] }, ctx);
    if (result instanceof Promise)
      result = await result;
    if (result.issues.length) {
      const e = new (params?.Err ?? _Err)(result.issues.map((iss) => finalizeIssue(iss, ctx, config())));
      captureStackTrace(e, params?.callee ?? fn);
      throw e;
    }
    return result.value;
  };
  return fn;
};
var _safeParse = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: false } : { async: false };
  const result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
function failure(Err, issues, ctx) {
  let error2;
  return {
    success: false,
    get error() {
      if (!error2) {
        error2 = new Err(issues.map((iss) => finalizeIssue(iss, ctx, config())));
        issues = void 0;
        ctx = void 0;
      }
      return error2;
    },
    set error(e) {
      error2 = e;
      issues = void 0;
      ctx = void 0;
    }
  };
}
var _safeParseAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true } : { async: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length ? failure(_Err, result.issues, ctx) : { success: true, data: result.value };
};
var COMPILE_INVALID = /* @__PURE__ */ Symbol.for("zod.compile.invalid");
var COMPILE_FALLBACK = /* @__PURE__ */ Symbol.for("zod.compile.fallback");
var validate = ((schema, value, _ctx) => {
  const validator = schema._zod.bag.validator;
  if (validator !== void 0) {
    if (validator(value) !== COMPILE_INVALID)
      return true;
    if (validator.definite === true && _ctx === void 0)
      return false;
  }
  return validateFallback(schema, value, _ctx);
});
function validateFallback(schema, value, _ctx) {
  const ctx = _ctx ? { ..._ctx, async: false, abortEarly: true } : { async: false, abortEarly: true };
  const fallbackRun = schema._zod.bag.fallbackRun;
  let result;
  if (fallbackRun) {
    ctx[COMPILE_FALLBACK] = true;
    result = fallbackRun({ value, issues: [] }, ctx);
  } else {
    result = schema._zod.run({ value, issues: [] }, ctx);
  }
  if (result instanceof Promise) {
    throw new $ZodAsyncError();
  }
  return result.issues.length === 0;
}
var validateAsync = async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, async: true, abortEarly: true } : { async: true, abortEarly: true };
  let result = schema._zod.run({ value, issues: [] }, ctx);
  if (result instanceof Promise)
    result = await result;
  return result.issues.length === 0;
};
var _encode = (_Err) => {
  const parse2 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return parse2(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decode = (_Err) => {
  const parse2 = _parse(_Err);
  const fn = (schema, value, _ctx, _params) => {
    return parse2(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _encodeAsync = (_Err) => {
  const parseAsync2 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
    return await parseAsync2(schema, value, ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _decodeAsync = (_Err) => {
  const parseAsync2 = _parseAsync(_Err);
  const fn = async (schema, value, _ctx, _params) => {
    return await parseAsync2(schema, value, _ctx, finalizeParams(fn, _params));
  };
  return fn;
};
var _safeEncode = (_Err) => (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParse(_Err)(schema, value, ctx);
};
var _safeDecode = (_Err) => (schema, value, _ctx) => {
  return _safeParse(_Err)(schema, value, _ctx);
};
var _safeEncodeAsync = (_Err) => async (schema, value, _ctx) => {
  const ctx = _ctx ? { ..._ctx, direction: "backward" } : { direction: "backward" };
  return _safeParseAsync(_Err)(schema, value, ctx);
};
var _safeDecodeAsync = (_Err) => async (schema, value, _ctx) => {
  return _safeParseAsync(_Err)(schema, value, _ctx);
};

// node_modules/zod/v4/core/regexes.js
var cuid = /^[cC][0-9a-z]{6,}$/;
var cuid2 = /^[0-9a-z]+$/;
var ulid = /^[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{25}$/;
var xid = /^[0-9a-vA-V]{20}$/;
var ksuid = /^[A-Za-z0-9]{27}$/;
var nanoid = /^[a-zA-Z0-9_-]{21}$/;
function nanoidOfLength(length) {
  return new RegExp(`^[a-zA-Z0-9_-]{${length}}$`);
}
var duration = /^P(?:(\d+W)|(?!.*W)(?=\d|T\d)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+([.,]\d+)?S)?)?)$/;
var guid = /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
var uuid = (version2) => {
  if (!version2)
    return /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;
  return new RegExp(`^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-${version2}[0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12})$`);
};
var email = /^(?:[A-Za-z0-9_'+\-]+\.)*[A-Za-z0-9_'+\-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}$/;
var _emoji = `^(?=[\\s\\S]*[\\p{Extended_Pictographic}\\p{Regional_Indicator}\\u20E3])[\\p{Extended_Pictographic}\\p{Emoji_Component}]+$`;
function emoji() {
  return new RegExp(_emoji, "u");
}
var ipv4 = /^(?:(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])$/;
var ipv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))$/;
var cidrv4 = /^((25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\.){3}(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])\/([0-9]|[1-2][0-9]|3[0-2])$/;
var cidrv6 = /^(([0-9a-fA-F]{1,4}:){7}[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,7}:|([0-9a-fA-F]{1,4}:){1,6}:[0-9a-fA-F]{1,4}|([0-9a-fA-F]{1,4}:){1,5}(:[0-9a-fA-F]{1,4}){1,2}|([0-9a-fA-F]{1,4}:){1,4}(:[0-9a-fA-F]{1,4}){1,3}|([0-9a-fA-F]{1,4}:){1,3}(:[0-9a-fA-F]{1,4}){1,4}|([0-9a-fA-F]{1,4}:){1,2}(:[0-9a-fA-F]{1,4}){1,5}|[0-9a-fA-F]{1,4}:((:[0-9a-fA-F]{1,4}){1,6})|:((:[0-9a-fA-F]{1,4}){1,7}|:))\/(12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
var base64 = /^$|^(?:[0-9a-zA-Z+/]{4})*(?:(?:[0-9a-zA-Z+/]{2}==)|(?:[0-9a-zA-Z+/]{3}=))?$/;
var base64url = /^(?:[A-Za-z0-9_-]{4})*(?:[A-Za-z0-9_-]{2,3})?$/;
var httpProtocol = /^https?$/;
var e164 = /^\+[1-9]\d{6,14}$/;
var dateSource = `(?:(?:\\d\\d[2468][048]|\\d\\d[13579][26]|\\d\\d0[48]|[02468][048]00|[13579][26]00)-02-29|\\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\\d|30)|(?:02)-(?:0[1-9]|1\\d|2[0-8])))`;
function anchor(source) {
  return new RegExp(`^${source}$`);
}
var date = /* @__PURE__ */ anchor(dateSource);
function timeSource(args) {
  const hhmm = `(?:[01]\\d|2[0-3]):[0-5]\\d`;
  const regex = typeof args.precision === "number" ? args.precision === -1 ? `${hhmm}` : args.precision === 0 ? `${hhmm}:[0-5]\\d` : `${hhmm}:[0-5]\\d\\.\\d{${args.precision}}` : args.seconds ? `${hhmm}:[0-5]\\d(?:\\.\\d+)?` : `${hhmm}(?::[0-5]\\d(?:\\.\\d+)?)?`;
  return regex;
}
function time(args) {
  return new RegExp(`^${timeSource(args)}$`);
}
function datetime(args) {
  const opts = ["Z"];
  if (args.offset)
    opts.push(`([+-](?:[01]\\d|2[0-3]):[0-5]\\d)`);
  const qualified = `${timeSource({ precision: args.precision, seconds: true })}(?:${opts.join("|")})`;
  const timeRegex = args.local ? `${qualified}|${timeSource({ precision: args.precision })}` : qualified;
  return new RegExp(`^${dateSource}T(?:${timeRegex})$`);
}
var anyString = /^[\s\S]{0,}$/;
var integer = /^-?\d+$/;
var number = /^-?\d+(?:\.\d+)?$/;
var boolean = /^(?:true|false)$/i;
var lowercase = /^[^A-Z]*$/;
var uppercase = /^[^a-z]*$/;

// node_modules/zod/v4/core/checks.js
var $ZodCheck = /* @__PURE__ */ $constructor("$ZodCheck", (inst, def) => {
  var _a3;
  inst._zod ?? (inst._zod = {});
  inst._zod.def = def;
  (_a3 = inst._zod).onattach ?? (_a3.onattach = []);
});
var _whenHasLength = (payload) => {
  const val = payload.value;
  return !nullish(val) && val.length !== void 0;
};
var numericOriginMap = {
  number: "number",
  bigint: "bigint",
  object: "date"
};
var $ZodCheckLessThan = /* @__PURE__ */ $constructor("$ZodCheckLessThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value <= def.value : payload.value < def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_big",
      maximum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckGreaterThan = /* @__PURE__ */ $constructor("$ZodCheckGreaterThan", (inst, def) => {
  $ZodCheck.init(inst, def);
  const origin = numericOriginMap[typeof def.value];
  inst._zod.check = (payload) => {
    if (def.inclusive ? payload.value >= def.value : payload.value > def.value) {
      return;
    }
    payload.issues.push({
      origin: numericOriginMap[typeof payload.value] ?? origin,
      code: "too_small",
      minimum: typeof def.value === "object" ? def.value.getTime() : def.value,
      input: payload.value,
      inclusive: def.inclusive,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMultipleOf = /* @__PURE__ */ $constructor("$ZodCheckMultipleOf", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    if (typeof payload.value !== typeof def.value)
      throw new Error("Cannot mix number and bigint in multiple_of check.");
    const isMultiple = typeof payload.value === "bigint" ? (
      // `value % 0n` throws, and nothing is a multiple of zero — the number branch already fails this way via NaN
      def.value !== BigInt(0) && payload.value % def.value === BigInt(0)
    ) : floatSafeRemainder(payload.value, def.value) === 0;
    if (isMultiple)
      return;
    payload.issues.push({
      origin: typeof payload.value,
      code: "not_multiple_of",
      divisor: def.value,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckNumberFormat = /* @__PURE__ */ $constructor("$ZodCheckNumberFormat", (inst, def) => {
  $ZodCheck.init(inst, def);
  def.format = def.format || "float64";
  const isInt = def.format?.includes("int");
  const origin = isInt ? "int" : "number";
  const [minimum, maximum] = NUMBER_FORMAT_RANGES[def.format];
  inst._zod.check = (payload) => {
    const input = payload.value;
    if (isInt) {
      if (!Number.isInteger(input)) {
        payload.issues.push({
          expected: origin,
          format: def.format,
          code: "invalid_type",
          continue: false,
          input,
          inst
        });
        return;
      }
      if (!Number.isSafeInteger(input)) {
        if (input > 0) {
          payload.issues.push({
            input,
            code: "too_big",
            maximum: Number.MAX_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        } else {
          payload.issues.push({
            input,
            code: "too_small",
            minimum: Number.MIN_SAFE_INTEGER,
            note: "Integers must be within the safe integer range.",
            inst,
            origin,
            inclusive: true,
            continue: !def.abort
          });
        }
        return;
      }
    }
    if (input < minimum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_small",
        minimum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
    if (input > maximum) {
      payload.issues.push({
        origin: "number",
        input,
        code: "too_big",
        maximum,
        inclusive: true,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCheckMaxLength = /* @__PURE__ */ $constructor("$ZodCheckMaxLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units > def.maximum ? codePointLength(input) : units;
    if (length <= def.maximum)
      return;
    const origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_big",
      maximum: def.maximum,
      inclusive: true,
      input,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckMinLength = /* @__PURE__ */ $constructor("$ZodCheckMinLength", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units >= def.minimum && units < def.minimum * 2 ? codePointLength(input) : units;
    if (length >= def.minimum)
      return;
    const origin = getLengthableOrigin(input);
    payload.issues.push({
      origin,
      code: "too_small",
      minimum: def.minimum,
      inclusive: true,
      input,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLengthEquals = /* @__PURE__ */ $constructor("$ZodCheckLengthEquals", (inst, def) => {
  var _a3;
  $ZodCheck.init(inst, def);
  (_a3 = inst._zod.def).when ?? (_a3.when = _whenHasLength);
  inst._zod.check = (payload) => {
    const input = payload.value;
    const units = input.length;
    const length = typeof input === "string" && units >= def.length && units <= def.length * 2 ? codePointLength(input) : units;
    if (length === def.length)
      return;
    const origin = getLengthableOrigin(input);
    const tooBig = length > def.length;
    payload.issues.push({
      origin,
      ...tooBig ? { code: "too_big", maximum: def.length } : { code: "too_small", minimum: def.length },
      inclusive: true,
      exact: true,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStringFormat = /* @__PURE__ */ $constructor("$ZodCheckStringFormat", (inst, def) => {
  var _a3, _b;
  $ZodCheck.init(inst, def);
  if (def.pattern)
    (_a3 = inst._zod).check ?? (_a3.check = (payload) => {
      def.pattern.lastIndex = 0;
      if (def.pattern.test(payload.value))
        return;
      payload.issues.push({
        origin: "string",
        code: "invalid_format",
        format: def.format,
        input: payload.value,
        ...def.pattern ? { pattern: def.pattern.toString() } : {},
        inst,
        continue: !def.abort
      });
    });
  else
    (_b = inst._zod).check ?? (_b.check = () => {
    });
});
var $ZodCheckRegex = /* @__PURE__ */ $constructor("$ZodCheckRegex", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    def.pattern.lastIndex = 0;
    if (def.pattern.test(payload.value))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "regex",
      input: payload.value,
      pattern: def.pattern.toString(),
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckLowerCase = /* @__PURE__ */ $constructor("$ZodCheckLowerCase", (inst, def) => {
  def.pattern ?? (def.pattern = lowercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckUpperCase = /* @__PURE__ */ $constructor("$ZodCheckUpperCase", (inst, def) => {
  def.pattern ?? (def.pattern = uppercase);
  $ZodCheckStringFormat.init(inst, def);
});
var $ZodCheckIncludes = /* @__PURE__ */ $constructor("$ZodCheckIncludes", (inst, def) => {
  $ZodCheck.init(inst, def);
  const escapedRegex = escapeRegex(def.includes);
  const pattern = new RegExp(typeof def.position === "number" ? `^.{${def.position},}${escapedRegex}` : escapedRegex);
  def.pattern = pattern;
  inst._zod.check = (payload) => {
    if (payload.value.includes(def.includes, def.position))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "includes",
      includes: def.includes,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckStartsWith = /* @__PURE__ */ $constructor("$ZodCheckStartsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern = new RegExp(`^${escapeRegex(def.prefix)}.*`);
  def.pattern ?? (def.pattern = pattern);
  inst._zod.check = (payload) => {
    if (payload.value.startsWith(def.prefix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "starts_with",
      prefix: def.prefix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckEndsWith = /* @__PURE__ */ $constructor("$ZodCheckEndsWith", (inst, def) => {
  $ZodCheck.init(inst, def);
  const pattern = new RegExp(`.*${escapeRegex(def.suffix)}$`);
  def.pattern ?? (def.pattern = pattern);
  inst._zod.check = (payload) => {
    if (payload.value.endsWith(def.suffix))
      return;
    payload.issues.push({
      origin: "string",
      code: "invalid_format",
      format: "ends_with",
      suffix: def.suffix,
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodCheckOverwrite = /* @__PURE__ */ $constructor("$ZodCheckOverwrite", (inst, def) => {
  $ZodCheck.init(inst, def);
  inst._zod.check = (payload) => {
    payload.value = def.tx(payload.value);
  };
});

// node_modules/zod/v4/core/doc.js
var Doc = class {
  constructor(args = [], closed = {}) {
    this.content = [];
    this.indent = 0;
    this.args = args;
    this.closed = closed;
  }
  // the compiler catches a child's throw and keeps writing into this doc, so the indent has to unwind with it
  indented(fn) {
    this.indent += 1;
    try {
      fn(this);
    } finally {
      this.indent -= 1;
    }
  }
  write(arg) {
    if (typeof arg === "function") {
      arg(this, { execution: "sync" });
      arg(this, { execution: "async" });
      return;
    }
    const content = arg;
    const lines = content.split("\n").filter((x) => x);
    const minIndent = Math.min(...lines.map((x) => x.length - x.trimStart().length));
    const dedented = lines.map((x) => x.slice(minIndent)).map((x) => " ".repeat(this.indent * 2) + x);
    for (const line of dedented) {
      this.content.push(line);
    }
  }
  compile() {
    const F = Function;
    const content = this?.content ?? [``];
    const factory = new F(...Object.keys(this.closed), `return function (${this.args.join(", ")}) {
${content.join("\n")}
};`);
    return factory(...Object.values(this.closed));
  }
};

// node_modules/zod/v4/core/versions.js
var version = {
  major: 4,
  minor: 6,
  patch: 7
};

// node_modules/zod/v4/core/schemas.js
var $ZodType = /* @__PURE__ */ $constructor("$ZodType", (inst, def) => {
  var _a3;
  inst ?? (inst = {});
  inst._zod.def = def;
  inst._zod.bag = inst._zod.bag || {};
  inst._zod.version = version;
  const defChecks = inst._zod.def.checks;
  const checks = inst._zod.traits.has("$ZodCheck") ? [inst, ...defChecks ?? []] : defChecks?.length ? [...defChecks] : [];
  for (const ch of checks) {
    for (const fn of ch._zod.onattach) {
      fn(inst);
    }
  }
  if (checks.length === 0) {
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred?.push(() => {
      inst._zod.run = inst._zod.parse;
    });
  } else {
    const runChecks = (payload, checks2, ctx) => {
      if (payload.memo)
        return payload;
      let isAborted = aborted(payload);
      let asyncResult;
      for (const ch of checks2) {
        if (ch._zod.def.when) {
          if (explicitlyAborted(payload))
            continue;
          const shouldRun = ch._zod.def.when(payload);
          if (!shouldRun)
            continue;
        } else if (isAborted) {
          continue;
        }
        const currLen = payload.issues.length;
        const _ = ch._zod.check(payload);
        if (_ instanceof Promise && ctx?.async === false) {
          throw new $ZodAsyncError();
        }
        if (asyncResult || _ instanceof Promise) {
          asyncResult = (asyncResult ?? Promise.resolve()).then(async () => {
            await _;
            const nextLen = payload.issues.length;
            if (nextLen === currLen)
              return;
            attachSchema(payload.issues, currLen, inst);
            if (!isAborted)
              isAborted = aborted(payload, currLen);
          });
        } else {
          const nextLen = payload.issues.length;
          if (nextLen === currLen)
            continue;
          attachSchema(payload.issues, currLen, inst);
          if (!isAborted)
            isAborted = aborted(payload, currLen);
        }
      }
      if (asyncResult) {
        return asyncResult.then(() => {
          return payload;
        });
      }
      return payload;
    };
    const handleCanaryResult = (canary, payload, ctx) => {
      if (aborted(canary)) {
        canary.aborted = true;
        return canary;
      }
      const checkResult = runChecks(payload, checks, ctx);
      if (checkResult instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return checkResult.then((checkResult2) => inst._zod.parse(checkResult2, ctx));
      }
      return inst._zod.parse(checkResult, ctx);
    };
    inst._zod.run = (payload, ctx) => {
      if (ctx.skipChecks) {
        return inst._zod.parse(payload, ctx);
      }
      if (ctx.direction === "backward") {
        const canary = inst._zod.parse({ value: payload.value, issues: [] }, { ...ctx, skipChecks: true });
        if (canary instanceof Promise) {
          return canary.then((canary2) => {
            return handleCanaryResult(canary2, payload, ctx);
          });
        }
        return handleCanaryResult(canary, payload, ctx);
      }
      const result = inst._zod.parse(payload, ctx);
      if (result instanceof Promise) {
        if (ctx.async === false)
          throw new $ZodAsyncError();
        return result.then((result2) => runChecks(result2, checks, ctx));
      }
      return runChecks(result, checks, ctx);
    };
  }
}, {
  // Wrappers extend this by installing a richer factory over it; reading it eagerly would defeat the laziness.
  get "~standard"() {
    return hide(this, "~standard", standardProps(this));
  },
  set "~standard"(value) {
    own(this, "~standard", value);
  }
});
var toStandardResult = (r, ctx) => r.issues.length ? { issues: r.issues.map((iss) => finalizeIssue(iss, ctx, config())) } : { value: r.value };
async function validateAsync2(inst, value) {
  const ctx = { async: true };
  return toStandardResult(await inst._zod.run({ value, issues: [] }, ctx), ctx);
}
function standardProps(inst) {
  return {
    validate: (value) => {
      const ctx = { async: false };
      try {
        const r = inst._zod.run({ value, issues: [] }, ctx);
        if (!(r instanceof Promise))
          return toStandardResult(r, ctx);
      } catch (_) {
      }
      return validateAsync2(inst, value);
    },
    vendor: "zod",
    version: 1
  };
}
var $ZodString = /* @__PURE__ */ $constructor("$ZodString", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = def.pattern ?? anyString;
  inst._zod.parse = (payload, _) => {
    if (def.coerce)
      try {
        payload.value = String(payload.value);
      } catch (_2) {
      }
    if (typeof payload.value === "string")
      return payload;
    payload.issues.push({
      expected: "string",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
var $ZodStringFormat = /* @__PURE__ */ $constructor("$ZodStringFormat", (inst, def) => {
  $ZodCheckStringFormat.init(inst, def);
  $ZodString.init(inst, def);
});
var $ZodGUID = /* @__PURE__ */ $constructor("$ZodGUID", (inst, def) => {
  def.pattern ?? (def.pattern = guid);
  $ZodStringFormat.init(inst, def);
});
var $ZodUUID = /* @__PURE__ */ $constructor("$ZodUUID", (inst, def) => {
  if (def.version) {
    const versionMap = {
      v1: 1,
      v2: 2,
      v3: 3,
      v4: 4,
      v5: 5,
      v6: 6,
      v7: 7,
      v8: 8
    };
    const v = versionMap[def.version];
    if (v === void 0)
      throw new Error(`Invalid UUID version: "${def.version}"`);
    def.pattern ?? (def.pattern = uuid(v));
  } else
    def.pattern ?? (def.pattern = uuid());
  $ZodStringFormat.init(inst, def);
});
var $ZodEmail = /* @__PURE__ */ $constructor("$ZodEmail", (inst, def) => {
  def.pattern ?? (def.pattern = email);
  $ZodStringFormat.init(inst, def);
});
var URL_BAD_FORMAT = 1;
var URL_UNPARSEABLE = 2;
function canParseURL(input) {
  try {
    if (typeof URL !== "undefined" && typeof URL.canParse === "function")
      return URL.canParse(input);
    new URL(input);
    return true;
  } catch {
    return false;
  }
}
function validateURL(trimmed, def) {
  if (!("normalize" in def) && !("hostname" in def) && !("protocol" in def)) {
    return canParseURL(trimmed) || URL_UNPARSEABLE;
  }
  return parseURLObject(trimmed, def);
}
function parseURLObject(trimmed, def) {
  if (!def.normalize && def.protocol?.source === httpProtocol.source && !/^https?:\/\//i.test(trimmed)) {
    return URL_BAD_FORMAT;
  }
  try {
    if (typeof URL !== "undefined") {
      const URLStatic = URL;
      if (typeof URLStatic.parse === "function")
        return URLStatic.parse(trimmed) ?? URL_UNPARSEABLE;
    }
    return new URL(trimmed);
  } catch {
    return URL_UNPARSEABLE;
  }
}
var asciiTabOrNewline = /[\t\n\r]/g;
function stripTabAndNewline(value) {
  return value.replace(asciiTabOrNewline, "");
}
function urlHostnameOk(url, hostname) {
  hostname.lastIndex = 0;
  return hostname.test(url.hostname);
}
function urlProtocolOk(url, protocol) {
  protocol.lastIndex = 0;
  return protocol.test(url.protocol.endsWith(":") ? url.protocol.slice(0, -1) : url.protocol);
}
var $ZodURL = /* @__PURE__ */ $constructor("$ZodURL", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    try {
      const trimmed = payload.value.trim();
      const url = validateURL(trimmed, def);
      if (url === URL_BAD_FORMAT) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid URL format",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === URL_UNPARSEABLE) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          input: payload.value,
          inst,
          continue: !def.abort
        });
        return;
      }
      if (url === true) {
        payload.value = stripTabAndNewline(trimmed);
        return;
      }
      if (def.hostname && !urlHostnameOk(url, def.hostname)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid hostname",
          pattern: def.hostname.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      if (def.protocol && !urlProtocolOk(url, def.protocol)) {
        payload.issues.push({
          code: "invalid_format",
          format: "url",
          note: "Invalid protocol",
          pattern: def.protocol.source,
          input: payload.value,
          inst,
          continue: !def.abort
        });
      }
      payload.value = def.normalize ? url.href : stripTabAndNewline(trimmed);
      return;
    } catch (_) {
      payload.issues.push({
        code: "invalid_format",
        format: "url",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodEmoji = /* @__PURE__ */ $constructor("$ZodEmoji", (inst, def) => {
  def.pattern ?? (def.pattern = emoji());
  $ZodStringFormat.init(inst, def);
});
var $ZodNanoID = /* @__PURE__ */ $constructor("$ZodNanoID", (inst, def) => {
  if (def.length !== void 0 && (!Number.isInteger(def.length) || def.length < 1))
    throw new Error(`Invalid nanoid length: ${def.length}`);
  def.pattern ?? (def.pattern = def.length === void 0 ? nanoid : nanoidOfLength(def.length));
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID = /* @__PURE__ */ $constructor("$ZodCUID", (inst, def) => {
  def.pattern ?? (def.pattern = cuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodCUID2 = /* @__PURE__ */ $constructor("$ZodCUID2", (inst, def) => {
  def.pattern ?? (def.pattern = cuid2);
  $ZodStringFormat.init(inst, def);
});
var $ZodULID = /* @__PURE__ */ $constructor("$ZodULID", (inst, def) => {
  def.pattern ?? (def.pattern = ulid);
  $ZodStringFormat.init(inst, def);
});
var $ZodXID = /* @__PURE__ */ $constructor("$ZodXID", (inst, def) => {
  def.pattern ?? (def.pattern = xid);
  $ZodStringFormat.init(inst, def);
});
var $ZodKSUID = /* @__PURE__ */ $constructor("$ZodKSUID", (inst, def) => {
  def.pattern ?? (def.pattern = ksuid);
  $ZodStringFormat.init(inst, def);
});
var $ZodISODateTime = /* @__PURE__ */ $constructor("$ZodISODateTime", (inst, def) => {
  def.pattern ?? (def.pattern = datetime(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODate = /* @__PURE__ */ $constructor("$ZodISODate", (inst, def) => {
  def.pattern ?? (def.pattern = date);
  $ZodStringFormat.init(inst, def);
});
var $ZodISOTime = /* @__PURE__ */ $constructor("$ZodISOTime", (inst, def) => {
  def.pattern ?? (def.pattern = time(def));
  $ZodStringFormat.init(inst, def);
});
var $ZodISODuration = /* @__PURE__ */ $constructor("$ZodISODuration", (inst, def) => {
  def.pattern ?? (def.pattern = duration);
  $ZodStringFormat.init(inst, def);
});
var $ZodIPv4 = /* @__PURE__ */ $constructor("$ZodIPv4", (inst, def) => {
  def.pattern ?? (def.pattern = ipv4);
  $ZodStringFormat.init(inst, def);
});
var ipv6Alphabet = /^[0-9a-fA-F:.]+$/;
function isValidIPv6(value) {
  if (!ipv6Alphabet.test(value))
    return false;
  return canParseURL(`http://[${value}]`);
}
var $ZodIPv6 = /* @__PURE__ */ $constructor("$ZodIPv6", (inst, def) => {
  def.pattern ?? (def.pattern = ipv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidIPv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "ipv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
var $ZodCIDRv4 = /* @__PURE__ */ $constructor("$ZodCIDRv4", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv4);
  $ZodStringFormat.init(inst, def);
});
function isValidCIDRv6(value) {
  const parts = value.split("/");
  if (parts.length !== 2)
    return false;
  const [address, prefix] = parts;
  if (!prefix)
    return false;
  const prefixNum = Number(prefix);
  if (`${prefixNum}` !== prefix)
    return false;
  if (prefixNum < 0 || prefixNum > 128)
    return false;
  return isValidIPv6(address);
}
var $ZodCIDRv6 = /* @__PURE__ */ $constructor("$ZodCIDRv6", (inst, def) => {
  def.pattern ?? (def.pattern = cidrv6);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (!isValidCIDRv6(payload.value)) {
      payload.issues.push({
        code: "invalid_format",
        format: "cidrv6",
        input: payload.value,
        inst,
        continue: !def.abort
      });
    }
  };
});
function isValidBase64(data) {
  if (data === "")
    return true;
  if (/\s/.test(data))
    return false;
  if (data.length % 4 !== 0)
    return false;
  try {
    atob(data);
    return true;
  } catch {
    return false;
  }
}
var base64Charset = /^[0-9a-zA-Z+/]*={0,2}$/;
var $ZodBase64 = /* @__PURE__ */ $constructor("$ZodBase64", (inst, def) => {
  def.pattern ?? (def.pattern = base64Charset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var base64urlCharset = /^[A-Za-z0-9_-]*$/;
function isValidBase64URL(data) {
  if (!base64urlCharset.test(data))
    return false;
  const base642 = data.replace(/[-_]/g, (c) => c === "-" ? "+" : "/");
  const padded = base642.padEnd(Math.ceil(base642.length / 4) * 4, "=");
  return isValidBase64(padded);
}
var $ZodBase64URL = /* @__PURE__ */ $constructor("$ZodBase64URL", (inst, def) => {
  def.pattern ?? (def.pattern = base64urlCharset);
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidBase64URL(payload.value))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "base64url",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodE164 = /* @__PURE__ */ $constructor("$ZodE164", (inst, def) => {
  def.pattern ?? (def.pattern = e164);
  $ZodStringFormat.init(inst, def);
});
function isValidJWT(token, algorithm = null) {
  try {
    const tokensParts = token.split(".");
    if (tokensParts.length !== 3)
      return false;
    const [header] = tokensParts;
    if (!header)
      return false;
    const parsedHeader = JSON.parse(atob(header));
    if ("typ" in parsedHeader && parsedHeader?.typ !== "JWT")
      return false;
    if (!parsedHeader.alg)
      return false;
    if (algorithm && (!("alg" in parsedHeader) || parsedHeader.alg !== algorithm))
      return false;
    return true;
  } catch {
    return false;
  }
}
var $ZodJWT = /* @__PURE__ */ $constructor("$ZodJWT", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  inst._zod.check = (payload) => {
    if (isValidJWT(payload.value, def.alg))
      return;
    payload.issues.push({
      code: "invalid_format",
      format: "jwt",
      input: payload.value,
      inst,
      continue: !def.abort
    });
  };
});
var $ZodNumber = /* @__PURE__ */ $constructor("$ZodNumber", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = number;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Number(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "number" && !Number.isNaN(input) && Number.isFinite(input)) {
      return payload;
    }
    const received = typeof input === "number" ? Number.isNaN(input) ? "NaN" : !Number.isFinite(input) ? String(input) : void 0 : void 0;
    payload.issues.push({
      expected: "number",
      code: "invalid_type",
      input,
      inst,
      ...received ? { received } : {}
    });
    return payload;
  };
});
var $ZodNumberFormat = /* @__PURE__ */ $constructor("$ZodNumberFormat", (inst, def) => {
  $ZodCheckNumberFormat.init(inst, def);
  $ZodNumber.init(inst, def);
});
var $ZodBoolean = /* @__PURE__ */ $constructor("$ZodBoolean", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.pattern = boolean;
  inst._zod.parse = (payload, _ctx) => {
    if (def.coerce)
      try {
        payload.value = Boolean(payload.value);
      } catch (_) {
      }
    const input = payload.value;
    if (typeof input === "boolean")
      return payload;
    payload.issues.push({
      expected: "boolean",
      code: "invalid_type",
      input,
      inst
    });
    return payload;
  };
});
var $ZodUnknown = /* @__PURE__ */ $constructor("$ZodUnknown", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload) => payload;
});
var $ZodNever = /* @__PURE__ */ $constructor("$ZodNever", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _ctx) => {
    payload.issues.push({
      expected: "never",
      code: "invalid_type",
      input: payload.value,
      inst
    });
    return payload;
  };
});
function capSize(inst, size) {
  const caps = sizeCaps(inst._zod.def.checks);
  if (!caps.length)
    return;
  const cap = Math.min(...caps.map((c) => c[0]));
  const parse2 = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    const n = size(payload.value);
    if (n > cap && !ctx?.skipChecks && ctx?.direction !== "backward") {
      for (const [max, ch] of sizeCaps(inst._zod.def.checks)) {
        if (n > max && ch._zod.def.when(payload)) {
          const start = payload.issues.length;
          ch._zod.check(payload);
          payload.issues[start].continue = false;
          attachSchema(payload.issues, start, inst);
          return payload;
        }
      }
    }
    return parse2(payload, ctx);
  };
}
var arraySize = (input) => Array.isArray(input) ? input.length : -1;
function handleArrayResult(result, final, index) {
  if (result.issues.length) {
    final.issues.push(...prefixIssues(index, result.issues));
  }
  final.value[index] = result.value;
}
var $ZodArray = /* @__PURE__ */ $constructor("$ZodArray", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!Array.isArray(input)) {
      payload.issues.push({
        expected: "array",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, Array(input.length), ctx) : Array(input.length);
    const proms = [];
    const abortEarly = ctx?.abortEarly;
    for (let i = 0; i < input.length; i++) {
      const item = input[i];
      const result = def.element._zod.run({
        value: item,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        proms.push(result.then((result2) => handleArrayResult(result2, payload, i)));
      } else {
        handleArrayResult(result, payload, i);
        if (abortEarly && result.issues.length !== 0 && aborted(result))
          break;
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
  capSize(inst, arraySize);
});
function handlePropertyResult(result, final, key, input, optin, optout) {
  const isPresent = key in input;
  const isOptionalOut = optout === "optional";
  if (!isPresent && isOptionalOut && optin === "optional") {
    return;
  }
  if (result.issues.length) {
    if (optin !== void 0 && isOptionalOut && !isPresent) {
      return;
    }
    final.issues.push(...prefixIssues(key, result.issues));
  }
  if (!isPresent && optin === void 0) {
    if (!result.issues.length) {
      final.issues.push({
        code: "invalid_type",
        expected: "nonoptional",
        input: void 0,
        path: [key]
      });
    }
    return;
  }
  if (result.value === void 0) {
    if (isPresent || optin === "defaulted" && !isOptionalOut) {
      final.value[key] = void 0;
    }
  } else {
    final.value[key] = result.value;
  }
}
var NO_SYMBOL_KEYS = [];
function normalizeDef(def) {
  const keys = Object.keys(def.shape);
  const ownSymbols = Object.getOwnPropertySymbols(def.shape);
  const symbolKeys = ownSymbols.length ? ownSymbols : NO_SYMBOL_KEYS;
  const allKeys = symbolKeys.length ? [...keys, ...symbolKeys] : keys;
  for (const k of allKeys) {
    if (!def.shape?.[k]?._zod?.traits?.has("$ZodType")) {
      throw new Error(`Invalid element at key "${String(k)}": expected a Zod schema`);
    }
  }
  const okeys = optionalKeys(def.shape);
  return {
    ...def,
    allKeys,
    symbolKeys,
    // string-only: handleCatchall matches it against `for...in`, which never yields a symbol
    keySet: new Set(keys),
    numKeys: keys.length,
    optionalKeys: new Set(okeys)
  };
}
function handleCatchall(proms, input, payload, ctx, def, inst, abortEarly) {
  const unrecognized = [];
  const keySet = def.keySet;
  const _catchall = def.catchall._zod;
  const t = _catchall.def.type;
  const optin = _catchall.optin;
  const optout = _catchall.optout;
  let seen = 0;
  for (const key in input) {
    if (abortEarly && payload.issues.length !== seen) {
      if (aborted(payload, seen))
        break;
      seen = payload.issues.length;
    }
    if (keySet.has(key))
      continue;
    if (key === "__proto__") {
      if (t === "never")
        unrecognized.push(key);
      continue;
    }
    if (t === "never") {
      unrecognized.push(key);
      continue;
    }
    const r = _catchall.run({ value: input[key], issues: [] }, ctx);
    if (r instanceof Promise) {
      proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
    } else {
      handlePropertyResult(r, payload, key, input, optin, optout);
    }
  }
  if (unrecognized.length) {
    payload.issues.push({
      code: "unrecognized_keys",
      keys: unrecognized,
      input,
      inst,
      // Describes the shape of the input, not the validity of the parsed value, so it never aborts. The parse still fails; the schema's own checks just get to run first, and an enclosing intersection can reconcile the key against a sibling operand.
      continue: true
    });
  }
  if (!proms.length)
    return payload;
  return Promise.all(proms).then(() => {
    return payload;
  });
}
var $ZodObject = /* @__PURE__ */ $constructor("$ZodObject", (inst, def) => {
  $ZodType.init(inst, def);
  const desc = Object.getOwnPropertyDescriptor(def, "shape");
  const sh = desc?.get ? desc.get.raw : def.shape ?? {};
  if (sh) {
    const get = () => {
      const newSh = { ...sh };
      Object.defineProperty(def, "shape", { value: newSh });
      get.raw = newSh;
      return newSh;
    };
    get.raw = sh;
    Object.defineProperty(def, "shape", { get });
  }
  const _normalized = cached(() => normalizeDef(def));
  defineLazyInternal(inst, "propValues", (zod) => {
    const shape = zod.def.shape;
    const propValues = {};
    for (const key in shape) {
      const field = shape[key]._zod;
      if (field.values) {
        if (!Object.prototype.hasOwnProperty.call(propValues, key)) {
          assignProp(propValues, key, /* @__PURE__ */ new Set());
        }
        for (const v of field.values)
          propValues[key].add(v);
        if (field.optin !== void 0)
          propValues[key].add(void 0);
      }
    }
    return propValues;
  });
  const isObject2 = isObject;
  const catchall = def.catchall;
  let value;
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input = payload.value;
    if (!isObject2(input)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
    const proms = [];
    const shape = value.shape;
    const abortEarly = ctx?.abortEarly;
    let seen = payload.issues.length;
    for (const key of value.allKeys) {
      if (abortEarly && payload.issues.length !== seen) {
        if (aborted(payload, seen))
          break;
        seen = payload.issues.length;
      }
      if (key === "__proto__")
        continue;
      const el = shape[key];
      const optin = el._zod.optin;
      const optout = el._zod.optout;
      const r = el._zod.run({ value: input[key], issues: [] }, ctx);
      if (r instanceof Promise) {
        proms.push(r.then((r2) => handlePropertyResult(r2, payload, key, input, optin, optout)));
      } else {
        handlePropertyResult(r, payload, key, input, optin, optout);
      }
    }
    if (!catchall) {
      return proms.length ? Promise.all(proms).then(() => payload) : payload;
    }
    return handleCatchall(proms, input, payload, ctx, _normalized.value, inst, abortEarly === true);
  };
});
var $ZodObjectJIT = /* @__PURE__ */ $constructor("$ZodObjectJIT", (inst, def) => {
  $ZodObject.init(inst, def);
  const superParse = inst._zod.parse;
  const _normalized = cached(() => normalizeDef(def));
  const memo2 = globalConfig.memoizer;
  const generateFastpass = (shape) => {
    const normalized = _normalized.value;
    const syms = normalized.symbolKeys;
    const doc = new Doc(["payload", "ctx"], { shape, inst, memo: memo2, syms });
    const parseStr = (k) => `shape[${k}]._zod.run({ value: input[${k}], issues: [] }, ctx)`;
    const prefixStr = (id, k) => `
          let ${id}_ab = false;
          for (let i = 0; i < ${id}.issues.length; i++) {
            const iss = ${id}.issues[i];
            iss.path = iss.path ? [${k}, ...iss.path] : [${k}];
            payload.issues.push(iss);
            if (iss.continue !== true) ${id}_ab = true;
          }
          if (${id}_ab && ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }`;
    doc.write(`const input = payload.value;`);
    const ids = /* @__PURE__ */ Object.create(null);
    let counter = 0;
    for (const key of normalized.allKeys) {
      ids[key] = `key_${counter++}`;
    }
    doc.write(memo2 ? `const newResult = memo.alloc(inst, payload, {}, ctx);` : `const newResult = {};`);
    for (const key of normalized.allKeys) {
      if (key === "__proto__")
        continue;
      const id = ids[key];
      const k = typeof key === "symbol" ? `syms[${syms.indexOf(key)}]` : esc(key);
      const isPresent = `${k} in input`;
      const schema = shape[key];
      const optin = schema?._zod?.optin;
      const isOptionalIn = optin !== void 0;
      const isOptionalOut = schema?._zod?.optout === "optional";
      doc.write(`const ${id} = ${parseStr(k)};`);
      if (isOptionalIn && isOptionalOut) {
        const assign = optin === "optional" ? `${id}_present` : `${id}.value !== undefined || ${id}_present`;
        doc.write(`
        const ${id}_present = ${isPresent};
        if (!${id}.issues.length || ${id}_present) {
          if (${id}.issues.length) {${prefixStr(id, k)}
          }

          if (${assign}) {
            newResult[${k}] = ${id}.value;
          }
        }

      `);
      } else if (!isOptionalIn) {
        doc.write(`
        const ${id}_present = ${isPresent};
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
        if (!${id}_present && !${id}.issues.length) {
          payload.issues.push({
            code: "invalid_type",
            expected: "nonoptional",
            input: undefined,
            path: [${k}]
          });
          if (ctx && ctx.abortEarly) {
            payload.value = newResult;
            return payload;
          }
        }

        if (${id}_present) {
          newResult[${k}] = ${id}.value;
        }

      `);
      } else {
        doc.write(`
        if (${id}.issues.length) {${prefixStr(id, k)}
        }
      `);
        if (optin === "defaulted") {
          doc.write(`newResult[${k}] = ${id}.value;`);
        } else {
          doc.write(`
        if (${id}.value !== undefined || ${isPresent}) {
          newResult[${k}] = ${id}.value;
        }
      `);
        }
      }
    }
    doc.write(`payload.value = newResult;`);
    doc.write(`return payload;`);
    return doc.compile();
  };
  let fastpass;
  const isObject2 = isObject;
  const jit = !globalConfig.jitless;
  const allowsEval2 = allowsEval;
  const fastEnabled = jit && allowsEval2.value;
  const catchall = def.catchall;
  let value;
  inst._zod.parse = (payload, ctx) => {
    value ?? (value = _normalized.value);
    const input = payload.value;
    if (!isObject2(input)) {
      payload.issues.push({
        expected: "object",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    if (jit && fastEnabled && ctx?.async === false && ctx.jitless !== true) {
      if (!fastpass)
        fastpass = generateFastpass(def.shape);
      payload = fastpass(payload, ctx);
      if (!catchall)
        return payload;
      return handleCatchall([], input, payload, ctx, value, inst, ctx?.abortEarly === true);
    }
    return superParse(payload, ctx);
  };
});
function handleUnionResults(results, final, inst, ctx) {
  for (const result of results) {
    if (result.issues.length === 0) {
      final.value = result.value;
      return final;
    }
  }
  const nonaborted = results.filter((r) => !aborted(r));
  if (nonaborted.length === 1) {
    final.value = nonaborted[0].value;
    return nonaborted[0];
  }
  final.issues.push({
    code: "invalid_union",
    input: final.value,
    inst,
    errors: results.map((result) => result.issues.map((iss) => finalizeIssue(iss, ctx, config())))
  });
  return final;
}
var $ZodUnion = /* @__PURE__ */ $constructor("$ZodUnion", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.options.some((o) => o._zod.optin === "defaulted") ? "defaulted" : zod.def.options.some((o) => o._zod.optin !== void 0) ? "optional" : void 0);
  defineLazyInternal(inst, "optout", (zod) => zod.def.options.some((o) => o._zod.optout === "optional") ? "optional" : void 0);
  defineLazyInternal(inst, "values", (zod) => {
    if (zod.def.options.every((o) => o._zod.values)) {
      return new Set(zod.def.options.flatMap((option) => Array.from(option._zod.values)));
    }
    return void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    if (zod.def.options.every((o) => o._zod.pattern)) {
      const patterns = zod.def.options.map((o) => o._zod.pattern);
      return new RegExp(`^(${patterns.map((p) => cleanRegex(p.source)).join("|")})$`);
    }
    return void 0;
  });
  const first = def.options.length === 1 ? def.options[0]._zod.run : null;
  inst._zod.parse = (payload, ctx) => {
    if (first) {
      return first(payload, ctx);
    }
    let async = false;
    const results = [];
    for (const option of def.options) {
      const result = option._zod.run({
        value: payload.value,
        issues: []
      }, ctx);
      if (result instanceof Promise) {
        results.push(result);
        async = true;
      } else {
        if (result.issues.length === 0)
          return result;
        results.push(result);
      }
    }
    if (!async)
      return handleUnionResults(results, payload, inst, ctx);
    return Promise.all(results).then((results2) => {
      return handleUnionResults(results2, payload, inst, ctx);
    });
  };
});
function discriminatorMap(def) {
  const map = /* @__PURE__ */ new Map();
  for (const option of def.options) {
    const values = option._zod.propValues?.[def.discriminator];
    if (!values || values.size === 0)
      throw new Error(`Invalid discriminated union option at index "${def.options.indexOf(option)}"`);
    for (const value of values) {
      if (map.has(value)) {
        if (value !== void 0)
          throw new Error(`Duplicate discriminator value "${String(value)}"`);
        map.set(value, null);
      } else {
        map.set(value, option);
      }
    }
  }
  return map;
}
var $ZodDiscriminatedUnion = /* @__PURE__ */ $constructor("$ZodDiscriminatedUnion", (inst, def) => {
  def.inclusive = false;
  $ZodUnion.init(inst, def);
  const _super = inst._zod.parse;
  defineLazyInternal(inst, "propValues", (zod) => {
    const propValues = {};
    let undefinedCount = 0;
    for (const option of zod.def.options) {
      const pv = option._zod.propValues;
      if (!pv || Object.keys(pv).length === 0)
        throw new Error(`Invalid discriminated union option at index "${zod.def.options.indexOf(option)}"`);
      if (pv[zod.def.discriminator]?.has(void 0))
        undefinedCount++;
      for (const [k, v] of Object.entries(pv)) {
        if (!Object.prototype.hasOwnProperty.call(propValues, k)) {
          assignProp(propValues, k, /* @__PURE__ */ new Set());
        }
        for (const val of v) {
          propValues[k].add(val);
        }
      }
    }
    if (!zod.def.unionFallback && undefinedCount > 1)
      propValues[zod.def.discriminator]?.delete(void 0);
    return propValues;
  });
  def.options.forEach((option, i) => {
    const propShape = rawShape(option._zod.def);
    if (propShape && !Object.prototype.hasOwnProperty.call(propShape, def.discriminator)) {
      throw new Error(`Invalid discriminated union option at index "${i}"`);
    }
  });
  const disc = cached(() => discriminatorMap(def));
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!isObject(input)) {
      payload.issues.push({
        code: "invalid_type",
        expected: "object",
        input,
        inst
      });
      return payload;
    }
    const value = input?.[def.discriminator];
    const opt = disc.value.get(value);
    if (opt && (value !== void 0 || ctx.direction !== "backward")) {
      return opt._zod.run(payload, ctx);
    }
    if (def.unionFallback || ctx.direction === "backward") {
      return _super(payload, ctx);
    }
    payload.issues.push({
      code: "invalid_union",
      errors: [],
      note: "No matching discriminator",
      discriminator: def.discriminator,
      options: Array.from(disc.value.keys()).filter((value2) => disc.value.get(value2) !== null),
      input,
      path: [def.discriminator],
      inst
    });
    return payload;
  };
});
var $ZodIntersection = /* @__PURE__ */ $constructor("$ZodIntersection", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    const left = def.left._zod.run({ value: input, issues: [] }, ctx);
    const right = def.right._zod.run({ value: input, issues: [] }, ctx);
    const async = left instanceof Promise || right instanceof Promise;
    if (async) {
      return Promise.all([left, right]).then(([left2, right2]) => {
        return handleIntersectionResults(payload, left2, right2);
      });
    }
    return handleIntersectionResults(payload, left, right);
  };
});
function mergeValues(a, b) {
  if (a === b) {
    return { valid: true, data: a };
  }
  if (a instanceof Date && b instanceof Date && +a === +b) {
    return { valid: true, data: a };
  }
  if (isPlainObject(a) && isPlainObject(b)) {
    const bKeys = Object.keys(b);
    const sharedKeys = Object.keys(a).filter((key) => bKeys.indexOf(key) !== -1);
    const newObj = { ...a, ...b };
    if (Object.prototype.hasOwnProperty.call(newObj, "__proto__"))
      delete newObj.__proto__;
    for (const key of sharedKeys) {
      if (key === "__proto__")
        continue;
      const sharedValue = mergeValues(a[key], b[key]);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [key, ...sharedValue.mergeErrorPath]
        };
      }
      newObj[key] = sharedValue.data;
    }
    return { valid: true, data: newObj };
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) {
      return { valid: false, mergeErrorPath: [] };
    }
    const newArray = [];
    for (let index = 0; index < a.length; index++) {
      const itemA = a[index];
      const itemB = b[index];
      const sharedValue = mergeValues(itemA, itemB);
      if (!sharedValue.valid) {
        return {
          valid: false,
          mergeErrorPath: [index, ...sharedValue.mergeErrorPath]
        };
      }
      newArray.push(sharedValue.data);
    }
    return { valid: true, data: newArray };
  }
  return { valid: false, mergeErrorPath: [] };
}
function handleIntersectionResults(result, left, right) {
  const unrecKeys = /* @__PURE__ */ new Map();
  let unrecIssue;
  const keyIssues = /* @__PURE__ */ new Map();
  const collect2 = (iss, side) => {
    let keys;
    if (iss.code === "unrecognized_keys" && !iss.path?.length) {
      unrecIssue ?? (unrecIssue = iss);
      keys = iss.keys;
    } else if (iss.code === "invalid_key" && iss.origin === "record" && iss.path?.length === 1) {
      const k = String(iss.path[0]);
      if (!keyIssues.has(k))
        keyIssues.set(k, iss);
      keys = [k];
    } else {
      return false;
    }
    for (const k of keys) {
      if (!unrecKeys.has(k))
        unrecKeys.set(k, {});
      unrecKeys.get(k)[side] = true;
    }
    return true;
  };
  for (const iss of left.issues) {
    if (!collect2(iss, "l"))
      result.issues.push(iss);
  }
  for (const iss of right.issues) {
    if (!collect2(iss, "r"))
      result.issues.push(iss);
  }
  const bothKeys = [...unrecKeys].filter(([, f]) => f.l && f.r).map(([k]) => k);
  if (bothKeys.length) {
    const aggregated = unrecIssue ? bothKeys.filter((k) => unrecIssue.keys.includes(k)) : [];
    if (aggregated.length)
      result.issues.push({ ...unrecIssue, keys: aggregated });
    for (const k of bothKeys) {
      if (!aggregated.includes(k) && keyIssues.has(k))
        result.issues.push(keyIssues.get(k));
    }
  }
  const merged = mergeValues(left.value, right.value);
  if (!merged.valid) {
    if (aborted(result))
      return result;
    throw new Error(`Unmergable intersection. Error path: ${JSON.stringify(merged.mergeErrorPath)}`);
  }
  result.value = merged.data;
  return result;
}
var $ZodTuple = /* @__PURE__ */ $constructor("$ZodTuple", (inst, def) => {
  $ZodType.init(inst, def);
  const items = def.items;
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!Array.isArray(input)) {
      payload.issues.push({
        input,
        inst,
        expected: "tuple",
        code: "invalid_type"
      });
      return payload;
    }
    payload.value = memo2 ? memo2.alloc(inst, payload, [], ctx) : [];
    const proms = [];
    const optinStart = getTupleOptStart(items, "optin");
    const optoutStart = getTupleOptStart(items, "optout");
    if (!def.rest) {
      if (input.length < optinStart) {
        payload.issues.push({
          code: "too_small",
          minimum: optinStart,
          inclusive: true,
          input,
          inst,
          origin: "array"
        });
        return payload;
      }
      if (input.length > items.length) {
        payload.issues.push({
          code: "too_big",
          maximum: items.length,
          inclusive: true,
          input,
          inst,
          origin: "array"
        });
      }
    }
    const itemResults = new Array(items.length);
    const abortEarly = def.rest ? ctx?.abortEarly : void 0;
    let itemAborted = false;
    for (let i = 0; i < items.length; i++) {
      const r = items[i]._zod.run({ value: input[i], issues: [] }, ctx);
      if (r instanceof Promise) {
        proms.push(r.then((rr) => {
          itemResults[i] = rr;
        }));
      } else {
        itemResults[i] = r;
        if (abortEarly && !itemAborted && r.issues.length)
          itemAborted = aborted(r);
      }
    }
    if (def.rest && !itemAborted) {
      let i = items.length - 1;
      const rest = input.slice(items.length);
      let seen = payload.issues.length;
      for (const el of rest) {
        if (abortEarly && payload.issues.length !== seen) {
          if (aborted(payload, seen))
            break;
          seen = payload.issues.length;
        }
        i++;
        const result = def.rest._zod.run({ value: el, issues: [] }, ctx);
        if (result instanceof Promise) {
          proms.push(result.then((r) => handleTupleResult(r, payload, i)));
        } else {
          handleTupleResult(result, payload, i);
        }
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => handleTupleResults(itemResults, payload, items, input, optoutStart));
    }
    return handleTupleResults(itemResults, payload, items, input, optoutStart);
  };
});
function getTupleOptStart(items, key) {
  for (let i = items.length - 1; i >= 0; i--) {
    const omittable = key === "optin" ? items[i]._zod.optin !== void 0 : items[i]._zod.optout === "optional";
    if (!omittable)
      return i + 1;
  }
  return 0;
}
function handleTupleResult(result, final, index) {
  if (result.issues.length) {
    final.issues.push(...prefixIssues(index, result.issues));
  }
  final.value[index] = result.value;
}
function handleTupleResults(itemResults, final, items, input, optoutStart) {
  for (let i = 0; i < items.length; i++) {
    const r = itemResults[i];
    const isPresent = i < input.length;
    if (!isPresent && i >= optoutStart && items[i]._zod.optin === "optional") {
      final.value.length = i;
      break;
    }
    if (r.issues.length) {
      if (!isPresent && i >= optoutStart) {
        final.value.length = i;
        break;
      }
      final.issues.push(...prefixIssues(i, r.issues));
    }
    final.value[i] = r.value;
  }
  for (let i = final.value.length - 1; i >= input.length; i--) {
    if (items[i]._zod.optout === "optional" && final.value[i] === void 0) {
      final.value.length = i;
    } else {
      break;
    }
  }
  return final;
}
var $ZodRecord = /* @__PURE__ */ $constructor("$ZodRecord", (inst, def) => {
  $ZodType.init(inst, def);
  const memo2 = globalConfig.memoizer;
  memo2?.attach(inst);
  inst._zod.parse = (payload, ctx) => {
    const input = payload.value;
    if (!isPlainObject(input)) {
      payload.issues.push({
        expected: "record",
        code: "invalid_type",
        input,
        inst
      });
      return payload;
    }
    const proms = [];
    const values = def.keyType._zod.values;
    if (values && !def.partial) {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      const recordKeys = /* @__PURE__ */ new Set();
      for (const key of values) {
        if (typeof key === "string" || typeof key === "number" || typeof key === "symbol") {
          recordKeys.add(typeof key === "number" ? key.toString() : key);
          if (key === "__proto__")
            continue;
          const keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
          if (keyResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (keyResult.issues.length) {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key,
              path: [key],
              inst
            });
            continue;
          }
          const outKey = keyResult.value;
          if (outKey === "__proto__")
            continue;
          const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
          if (result instanceof Promise) {
            proms.push(result.then((result2) => {
              if (result2.issues.length) {
                payload.issues.push(...prefixIssues(key, result2.issues));
              }
              payload.value[outKey] = result2.value;
            }));
          } else {
            if (result.issues.length) {
              payload.issues.push(...prefixIssues(key, result.issues));
            }
            payload.value[outKey] = result.value;
          }
        }
      }
      let unrecognized;
      for (const key in input) {
        if (!recordKeys.has(key)) {
          if (def.mode === "loose") {
            if (key === "__proto__")
              continue;
            payload.value[key] = input[key];
          } else {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key);
          }
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    } else {
      payload.value = memo2 ? memo2.alloc(inst, payload, {}, ctx) : {};
      let unrecognized;
      for (const key of Reflect.ownKeys(input)) {
        if (key === "__proto__")
          continue;
        if (!Object.prototype.propertyIsEnumerable.call(input, key))
          continue;
        let keyResult = def.keyType._zod.run({ value: key, issues: [] }, ctx);
        if (keyResult instanceof Promise) {
          throw new Error("Async schemas not supported in object keys currently");
        }
        const checkNumericKey = typeof key === "string" && number.test(key) && keyResult.issues.length;
        if (checkNumericKey) {
          const retryResult = def.keyType._zod.run({ value: Number(key), issues: [] }, ctx);
          if (retryResult instanceof Promise) {
            throw new Error("Async schemas not supported in object keys currently");
          }
          if (retryResult.issues.length === 0) {
            keyResult = retryResult;
          }
        }
        if (keyResult.issues.length) {
          if (def.mode === "loose") {
            payload.value[key] = input[key];
          } else if (values) {
            unrecognized = unrecognized ?? [];
            unrecognized.push(key);
          } else {
            payload.issues.push({
              code: "invalid_key",
              origin: "record",
              issues: keyResult.issues.map((iss) => finalizeIssue(iss, ctx, config())),
              input: key,
              path: [key],
              inst
            });
          }
          continue;
        }
        const outKey = keyResult.value;
        if (outKey === "__proto__")
          continue;
        const result = def.valueType._zod.run({ value: input[key], issues: [] }, ctx);
        if (result instanceof Promise) {
          proms.push(result.then((result2) => {
            if (result2.issues.length) {
              payload.issues.push(...prefixIssues(key, result2.issues));
            }
            payload.value[outKey] = result2.value;
          }));
        } else {
          if (result.issues.length) {
            payload.issues.push(...prefixIssues(key, result.issues));
          }
          payload.value[outKey] = result.value;
        }
      }
      if (unrecognized && unrecognized.length > 0) {
        payload.issues.push({
          code: "unrecognized_keys",
          input,
          inst,
          keys: unrecognized,
          continue: true
        });
      }
    }
    if (proms.length) {
      return Promise.all(proms).then(() => payload);
    }
    return payload;
  };
});
var $ZodEnum = /* @__PURE__ */ $constructor("$ZodEnum", (inst, def) => {
  $ZodType.init(inst, def);
  const values = getEnumValues(def.entries);
  const valuesSet = new Set(values);
  inst._zod.values = valuesSet;
  defineLazyInternal(inst, "pattern", (zod) => {
    const patternValues = getEnumValues(zod.def.entries).filter((k) => propertyKeyTypes.has(typeof k));
    return new RegExp(patternValues.length ? `^(${patternValues.map((o) => escapeRegex(o.toString())).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (valuesSet.has(input)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values,
      input,
      inst
    });
    return payload;
  };
});
var $ZodLiteral = /* @__PURE__ */ $constructor("$ZodLiteral", (inst, def) => {
  $ZodType.init(inst, def);
  const values = new Set(def.values);
  inst._zod.values = values;
  defineLazyInternal(inst, "pattern", (zod) => {
    const vals = zod.def.values;
    return new RegExp(vals.length ? `^(${vals.map((o) => typeof o === "string" ? escapeRegex(o) : o ? escapeRegex(o.toString()) : String(o)).join("|")})$` : "^[^\\s\\S]$");
  });
  inst._zod.parse = (payload, _ctx) => {
    const input = payload.value;
    if (values.has(input)) {
      return payload;
    }
    payload.issues.push({
      code: "invalid_value",
      values: def.values,
      input,
      inst
    });
    return payload;
  };
});
var $ZodTransform = /* @__PURE__ */ $constructor("$ZodTransform", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "optional";
  globalConfig.memoizer?.guard(inst);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    const _out = def.transform(payload.value, payload);
    if (ctx.async) {
      const output = _out instanceof Promise ? _out : Promise.resolve(_out);
      return output.then((output2) => {
        payload.value = output2;
        return payload;
      });
    }
    if (_out instanceof Promise) {
      throw new $ZodAsyncError();
    }
    payload.value = _out;
    return payload;
  };
});
function handleOptionalResult(payload, result) {
  payload.value = result.issues.length ? void 0 : result.value;
  return payload;
}
var $ZodOptional = /* @__PURE__ */ $constructor("$ZodOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  inst._zod.optout = "optional";
  defineLazyInternal(inst, "values", (zod) => {
    const values = zod.def.innerType._zod.values;
    return values ? /* @__PURE__ */ new Set([...values, void 0]) : void 0;
  });
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)})?$`) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === void 0) {
      if (def.innerType._zod.optin !== "defaulted")
        return payload;
      const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
      if (result instanceof Promise)
        return result.then((result2) => handleOptionalResult(payload, result2));
      return handleOptionalResult(payload, result);
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodExactOptional = /* @__PURE__ */ $constructor("$ZodExactOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "pattern", (zod) => zod.def.innerType._zod.pattern);
  inst._zod.parse = (payload, ctx) => {
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNullable = /* @__PURE__ */ $constructor("$ZodNullable", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "pattern", (zod) => {
    const pattern = zod.def.innerType._zod.pattern;
    return pattern ? new RegExp(`^(${cleanRegex(pattern.source)}|null)$`) : void 0;
  });
  defineLazyInternal(inst, "values", (zod) => {
    return zod.def.innerType._zod.values ? /* @__PURE__ */ new Set([...zod.def.innerType._zod.values, null]) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    if (payload.value === null)
      return payload;
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodDefault = /* @__PURE__ */ $constructor("$ZodDefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
      return payload;
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleDefaultResult(result2, def));
    }
    return handleDefaultResult(result, def);
  };
});
function handleDefaultResult(payload, def) {
  if (payload.value === void 0) {
    payload.value = def.defaultValue;
  }
  return payload;
}
var $ZodPrefault = /* @__PURE__ */ $constructor("$ZodPrefault", (inst, def) => {
  $ZodType.init(inst, def);
  inst._zod.optin = "defaulted";
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    if (payload.value === void 0) {
      payload.value = def.defaultValue;
    }
    return def.innerType._zod.run(payload, ctx);
  };
});
var $ZodNonOptional = /* @__PURE__ */ $constructor("$ZodNonOptional", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => {
    const v = zod.def.innerType._zod.values;
    return v ? new Set([...v].filter((x) => x !== void 0)) : void 0;
  });
  inst._zod.parse = (payload, ctx) => {
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleNonOptionalResult(result2, inst));
    }
    return handleNonOptionalResult(result, inst);
  };
});
function handleNonOptionalResult(payload, inst) {
  if (!payload.issues.length && payload.value === void 0) {
    payload.issues.push({
      code: "invalid_type",
      expected: "nonoptional",
      input: payload.value,
      inst
    });
  }
  return payload;
}
function handleCatchResult(payload, result, def, ctx) {
  if (!result.issues.length) {
    payload.value = result.value;
    if (result.memo)
      payload.memo = true;
    return payload;
  }
  payload.value = def.catchValue({
    ...result,
    value: payload.value,
    error: {
      issues: result.issues.map((iss) => finalizeIssue(iss, ctx, config()))
    },
    input: payload.value
  });
  return payload;
}
var $ZodCatch = /* @__PURE__ */ $constructor("$ZodCatch", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType._zod.optin === "defaulted" ? "defaulted" : "optional");
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType._zod.optout);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run({ value: payload.value, issues: [] }, ctx);
    if (result instanceof Promise) {
      return result.then((result2) => handleCatchResult(payload, result2, def, ctx));
    }
    return handleCatchResult(payload, result, def, ctx);
  };
});
var $ZodPipe = /* @__PURE__ */ $constructor("$ZodPipe", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "values", (zod) => zod.def.in._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.in._zod.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.out._zod.optout);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.in._zod.propValues);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      const right = def.out._zod.run(payload, ctx);
      if (right instanceof Promise) {
        return right.then((right2) => handlePipeResult(right2, def.in, ctx));
      }
      return handlePipeResult(right, def.in, ctx);
    }
    const left = def.in._zod.run(payload, ctx);
    if (left instanceof Promise) {
      return left.then((left2) => handlePipeResult(left2, def.out, ctx));
    }
    return handlePipeResult(left, def.out, ctx);
  };
});
function handlePipeResult(left, next, ctx) {
  if (left.issues.some((iss) => iss.code !== "unrecognized_keys")) {
    left.aborted = true;
    return left;
  }
  return next._zod.run({ value: left.value, issues: left.issues }, ctx);
}
var $ZodReadonly = /* @__PURE__ */ $constructor("$ZodReadonly", (inst, def) => {
  $ZodType.init(inst, def);
  defineLazyInternal(inst, "propValues", (zod) => zod.def.innerType._zod.propValues);
  defineLazyInternal(inst, "values", (zod) => zod.def.innerType._zod.values);
  defineLazyInternal(inst, "optin", (zod) => zod.def.innerType?._zod?.optin);
  defineLazyInternal(inst, "optout", (zod) => zod.def.innerType?._zod?.optout);
  inst._zod.parse = (payload, ctx) => {
    if (ctx.direction === "backward") {
      return def.innerType._zod.run(payload, ctx);
    }
    const result = def.innerType._zod.run(payload, ctx);
    if (result instanceof Promise) {
      return result.then(handleReadonlyResult);
    }
    return handleReadonlyResult(result);
  };
});
function handleReadonlyResult(payload) {
  if (!payload.memo)
    payload.value = Object.freeze(payload.value);
  return payload;
}
var $ZodCustom = /* @__PURE__ */ $constructor("$ZodCustom", (inst, def) => {
  $ZodCheck.init(inst, def);
  $ZodType.init(inst, def);
  inst._zod.parse = (payload, _) => {
    return payload;
  };
  inst._zod.check = (payload) => {
    const input = payload.value;
    const r = def.fn(input);
    if (r instanceof Promise) {
      return r.then((r2) => handleRefineResult(r2, payload, input, inst));
    }
    handleRefineResult(r, payload, input, inst);
    return;
  };
});
function handleRefineResult(result, payload, input, inst) {
  if (!result) {
    const _iss = {
      code: "custom",
      input,
      inst,
      // incorporates params.error into issue reporting
      path: [...inst._zod.def.path ?? []],
      // incorporates params.error into issue reporting
      continue: !inst._zod.def.abort
      // params: inst._zod.def.params,
    };
    if (inst._zod.def.params)
      _iss.params = inst._zod.def.params;
    payload.issues.push(issue(_iss));
  }
}

// node_modules/zod/v4/core/memoizer.js
var $ZodCyclicError = class extends Error {
  constructor() {
    super(`Cannot parse a reference cycle that closes through a transform`);
    this.name = "ZodCyclicError";
  }
};
var STATE = "~memo";
var NO_ISSUES = [];
function isRef(value) {
  return value !== null && typeof value === "object";
}
function cloneIssues(issues) {
  return issues.map((iss) => iss.path ? { ...iss, path: iss.path.slice() } : { ...iss });
}
var recursive = /* @__PURE__ */ new WeakMap();
var NONE = 0;
var ASSUMED = 1;
var PROVEN = 2;
function isRecursive(inst, stack, resolve) {
  const cached2 = recursive.get(inst);
  if (cached2 !== void 0)
    return cached2 ? PROVEN : NONE;
  if (stack.has(inst))
    return PROVEN;
  stack.add(inst);
  let result = NONE;
  const check = (child) => {
    if (result !== PROVEN && child?._zod) {
      const answer = isRecursive(child, stack, resolve);
      if (answer > result)
        result = answer;
    }
  };
  const shape = (sh, spread) => {
    let answer = NONE;
    for (const key of Reflect.ownKeys(sh)) {
      const desc = Object.getOwnPropertyDescriptor(sh, key);
      if (spread && !desc.enumerable)
        continue;
      const child = desc.get ? ASSUMED : desc.value?._zod ? isRecursive(desc.value, stack, resolve) : NONE;
      if (child > answer)
        answer = child;
    }
    return answer;
  };
  const merge2 = (answer) => {
    if (answer > result)
      result = answer;
  };
  const def = inst._zod.def;
  const kind = def.type;
  switch (kind) {
    case "object": {
      const raw = rawShape(def);
      merge2(raw ? shape(raw, true) : ASSUMED);
      check(def.catchall);
      break;
    }
    case "array":
      check(def.element);
      break;
    case "tuple":
      for (const el of def.items)
        check(el);
      check(def.rest);
      break;
    case "record":
    case "map":
      check(def.keyType);
      check(def.valueType);
      break;
    case "set":
      check(def.valueType);
      break;
    case "union":
      for (const el of def.options)
        check(el);
      break;
    case "intersection":
      check(def.left);
      check(def.right);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
    case "promise":
    case "success":
      check(def.innerType);
      break;
    case "pipe":
      check(def.in);
      check(def.out);
      break;
    case "function":
      check(def.input);
      check(def.output);
      break;
    // `$ZodLazy` caches its inner on the def, so a resolved edge is followed exactly
    case "lazy": {
      const inner = def._cachedInner ?? (resolve ? inst._zod.innerType : void 0);
      merge2(inner ? isRecursive(inner, stack, false) : ASSUMED);
      break;
    }
    // a leaf by choice: `parts` are regex fragments, not data positions
    case "template_literal":
    // leaves
    case "string":
    case "number":
    case "int":
    case "boolean":
    case "bigint":
    case "symbol":
    case "undefined":
    case "null":
    case "void":
    case "never":
    case "any":
    case "unknown":
    case "date":
    case "nan":
    case "enum":
    case "literal":
    case "file":
    case "transform":
    case "custom":
      break;
    default: {
      kind;
      for (const key in def) {
        const desc = Object.getOwnPropertyDescriptor(def, key);
        if (!desc || desc.get)
          continue;
        const value = desc.value;
        if (!value || typeof value !== "object")
          continue;
        if (value._zod)
          check(value);
        else if (Array.isArray(value))
          for (const el of value)
            check(el);
      }
    }
  }
  stack.delete(inst);
  return settle(inst, result);
}
function settle(inst, answer) {
  if (answer !== ASSUMED)
    recursive.set(inst, answer === PROVEN);
  return answer;
}
function bucketFor(state, inst) {
  let bucket = state.buckets.get(inst);
  if (!bucket) {
    bucket = /* @__PURE__ */ new WeakMap();
    state.buckets.set(inst, bucket);
  }
  return bucket;
}
var handoff;
var open = [];
var memo = {
  alloc(_inst, payload, empty) {
    const bucket = handoff;
    if (!bucket)
      return empty;
    handoff = void 0;
    const entry = { value: empty, issues: null };
    bucket.set(payload.value, entry);
    open.push(entry);
    return empty;
  },
  guard(inst) {
    var _a3;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (ctx.direction !== "backward" && isBackEdge(ctx, payload.value))
          throw new $ZodCyclicError();
        return base(payload, ctx);
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  },
  attach(inst) {
    var _a3;
    let isRecursiveInst;
    let rechecked = false;
    let lastCtx;
    let lastBucket;
    (_a3 = inst._zod).deferred ?? (_a3.deferred = []);
    inst._zod.deferred.push(() => {
      const base = inst._zod.parse;
      const wrapped = (payload, ctx) => {
        if (isRecursiveInst === void 0) {
          const walked = isRecursive(inst, /* @__PURE__ */ new Set(), false);
          if (walked === NONE) {
            inst._zod.parse = base;
            if (inst._zod.run === wrapped)
              inst._zod.run = base;
            return base(payload, ctx);
          }
          if (walked === PROVEN || rechecked)
            isRecursiveInst = true;
          else
            rechecked = true;
        }
        const input = payload.value;
        if (!isRef(input))
          return base(payload, ctx);
        let state = ctx[STATE];
        if (!state) {
          state = { buckets: /* @__PURE__ */ new WeakMap(), backEdges: void 0 };
          ctx[STATE] = state;
        }
        let bucket;
        if (lastCtx === ctx) {
          bucket = lastBucket;
        } else {
          bucket = bucketFor(state, inst);
          lastCtx = ctx;
          lastBucket = bucket;
        }
        const hit = bucket.get(input);
        if (hit) {
          payload.value = hit.value;
          if (hit.issues) {
            if (hit.issues.length)
              payload.issues.push(...cloneIssues(hit.issues));
          } else {
            payload.memo = true;
            state.backEdges ?? (state.backEdges = /* @__PURE__ */ new WeakSet());
            state.backEdges.add(hit.value);
          }
          return payload;
        }
        handoff = bucket;
        const depth = open.length;
        const result = base(payload, ctx);
        handoff = void 0;
        const entry = open.length > depth ? open.pop() : void 0;
        if (result instanceof Promise) {
          return result.then((r) => {
            if (entry)
              entry.issues = r.issues.length ? cloneIssues(r.issues) : NO_ISSUES;
            return r;
          });
        }
        if (entry)
          entry.issues = result.issues.length ? cloneIssues(result.issues) : NO_ISSUES;
        return result;
      };
      inst._zod.parse = wrapped;
      if (inst._zod.run === base)
        inst._zod.run = wrapped;
    });
  }
};
function memoizer() {
  return memo;
}
function isBackEdge(ctx, value) {
  const backEdges = ctx[STATE]?.backEdges;
  return backEdges !== void 0 && isRef(value) && backEdges.has(value);
}

// node_modules/zod/v4/locales/en.js
var error = () => {
  const Sizable = {
    string: { unit: "characters", verb: "to have" },
    file: { unit: "bytes", verb: "to have" },
    array: { unit: "items", verb: "to have" },
    set: { unit: "items", verb: "to have" },
    map: { unit: "entries", verb: "to have" }
  };
  function getSizing(origin) {
    return Sizable[origin] ?? null;
  }
  const FormatDictionary = {
    regex: "input",
    email: "email address",
    url: "URL",
    emoji: "emoji",
    uuid: "UUID",
    uuidv4: "UUIDv4",
    uuidv6: "UUIDv6",
    nanoid: "nanoid",
    guid: "GUID",
    cuid: "cuid",
    cuid2: "cuid2",
    ulid: "ULID",
    xid: "XID",
    ksuid: "KSUID",
    datetime: "ISO datetime",
    date: "ISO date",
    time: "ISO time",
    duration: "ISO duration",
    ipv4: "IPv4 address",
    ipv6: "IPv6 address",
    mac: "MAC address",
    cidrv4: "IPv4 range",
    cidrv6: "IPv6 range",
    base64: "base64-encoded string",
    base64url: "base64url-encoded string",
    json_string: "JSON string",
    e164: "E.164 number",
    currency_code: "currency code",
    credit_card: "credit card number",
    iban: "IBAN",
    jwt: "JWT",
    template_literal: "input"
  };
  const TypeDictionary = {
    // Compatibility: "nan" -> "NaN" for display
    nan: "NaN"
    // All other type names omitted - they fall back to raw values via ?? operator
  };
  function getTypeName(type, input) {
    if (type === "number" && typeof input === "number" && !Number.isFinite(input)) {
      return String(input);
    }
    return TypeDictionary[type] ?? type;
  }
  return (issue2) => {
    switch (issue2.code) {
      case "invalid_type": {
        const expected = getTypeName(issue2.expected);
        const receivedType = parsedType(issue2.input);
        const received = getTypeName(receivedType, issue2.input);
        return `Invalid input: expected ${expected}, received ${received}`;
      }
      case "invalid_value":
        if (issue2.values.length === 1)
          return `Invalid input: expected ${stringifyPrimitive(issue2.values[0])}`;
        return `Invalid option: expected one of ${joinValues(issue2.values, "|")}`;
      case "too_big": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? "<=" : "<";
        const sizing = getSizing(issue2.origin);
        if (sizing)
          return `Too big: expected ${issue2.origin ?? "value"} to have ${adj}${issue2.maximum.toString()} ${sizing.unit ?? "elements"}`;
        return `Too big: expected ${issue2.origin ?? "value"} to be ${adj}${issue2.maximum.toString()}`;
      }
      case "too_small": {
        const adj = issue2.exact ? "exactly " : issue2.inclusive ? ">=" : ">";
        const sizing = getSizing(issue2.origin);
        if (sizing) {
          return `Too small: expected ${issue2.origin} to have ${adj}${issue2.minimum.toString()} ${sizing.unit}`;
        }
        return `Too small: expected ${issue2.origin} to be ${adj}${issue2.minimum.toString()}`;
      }
      case "invalid_format": {
        const _issue = issue2;
        if (_issue.format === "starts_with") {
          return `Invalid string: must start with "${_issue.prefix}"`;
        }
        if (_issue.format === "ends_with")
          return `Invalid string: must end with "${_issue.suffix}"`;
        if (_issue.format === "includes")
          return `Invalid string: must include "${_issue.includes}"`;
        if (_issue.format === "regex")
          return `Invalid string: must match pattern ${_issue.pattern}`;
        return `Invalid ${FormatDictionary[_issue.format] ?? issue2.format}`;
      }
      case "not_multiple_of":
        return `Invalid number: must be a multiple of ${issue2.divisor}`;
      case "unrecognized_keys":
        return `Unrecognized key${issue2.keys.length > 1 ? "s" : ""}: ${joinValues(issue2.keys, ", ")}`;
      case "invalid_key":
        return `Invalid key in ${issue2.origin}`;
      case "invalid_union":
        if (issue2.options && Array.isArray(issue2.options) && issue2.options.length > 0) {
          const opts = issue2.options.map((o) => `'${o}'`).join(" | ");
          return `Invalid discriminator value. Expected ${opts}`;
        }
        if (issue2.inclusive === false) {
          return "Invalid input: more than one option matched";
        }
        return "Invalid input";
      case "invalid_element":
        return `Invalid value in ${issue2.origin}`;
      default:
        return `Invalid input`;
    }
  };
};
function en_default() {
  return {
    localeError: error()
  };
}

// node_modules/zod/v4/core/registries.js
var _a2;
var $ZodRegistry = class {
  constructor() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
  }
  add(schema, ..._meta) {
    const meta2 = _meta[0];
    this._map.set(schema, meta2);
    if (meta2 && typeof meta2 === "object" && "id" in meta2) {
      this._idmap.set(meta2.id, schema);
    }
    return this;
  }
  clear() {
    this._map = /* @__PURE__ */ new WeakMap();
    this._idmap = /* @__PURE__ */ new Map();
    return this;
  }
  remove(schema) {
    const meta2 = this._map.get(schema);
    if (meta2 && typeof meta2 === "object" && "id" in meta2) {
      this._idmap.delete(meta2.id);
    }
    this._map.delete(schema);
    return this;
  }
  get(schema) {
    const p = schema._zod.parent;
    if (p) {
      const pm = { ...this.get(p) ?? {} };
      delete pm.id;
      const f = { ...pm, ...this._map.get(schema) };
      return Object.keys(f).length ? f : void 0;
    }
    return this._map.get(schema);
  }
  has(schema) {
    return this._map.has(schema);
  }
};
function registry() {
  return new $ZodRegistry();
}
(_a2 = globalThis).__zod_globalRegistry ?? (_a2.__zod_globalRegistry = registry());
var globalRegistry = globalThis.__zod_globalRegistry;

// node_modules/zod/v4/core/api.js
function snapshotChecks(def) {
  if (def.checks)
    def.checks = [...def.checks];
  return def;
}
// @__NO_SIDE_EFFECTS__
function _string(Class2, params) {
  return new Class2(snapshotChecks({ type: "string", ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _email(Class2, params) {
  return new Class2({
    type: "string",
    format: "email",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _guid(Class2, params) {
  return new Class2({
    type: "string",
    format: "guid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v4",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v6",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uuidv7(Class2, params) {
  return new Class2({
    type: "string",
    format: "uuid",
    check: "string_format",
    abort: false,
    version: "v7",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _url(Class2, params) {
  return new Class2({
    type: "string",
    format: "url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _emoji2(Class2, params) {
  return new Class2({
    type: "string",
    format: "emoji",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _nanoid(Class2, params) {
  return new Class2({
    type: "string",
    format: "nanoid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cuid2(Class2, params) {
  return new Class2({
    type: "string",
    format: "cuid2",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ulid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ulid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _xid(Class2, params) {
  return new Class2({
    type: "string",
    format: "xid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ksuid(Class2, params) {
  return new Class2({
    type: "string",
    format: "ksuid",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _ipv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "ipv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv4(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv4",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _cidrv6(Class2, params) {
  return new Class2({
    type: "string",
    format: "cidrv6",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _base64url(Class2, params) {
  return new Class2({
    type: "string",
    format: "base64url",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _e164(Class2, params) {
  return new Class2({
    type: "string",
    format: "e164",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _jwt(Class2, params) {
  return new Class2({
    type: "string",
    format: "jwt",
    check: "string_format",
    abort: false,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDateTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "datetime",
    check: "string_format",
    offset: false,
    local: false,
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDate(Class2, params) {
  return new Class2({
    type: "string",
    format: "date",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoTime(Class2, params) {
  return new Class2({
    type: "string",
    format: "time",
    check: "string_format",
    precision: null,
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _isoDuration(Class2, params) {
  return new Class2({
    type: "string",
    format: "duration",
    check: "string_format",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _number(Class2, params) {
  return new Class2(snapshotChecks({ type: "number", checks: [], ...normalizeParams(params) }));
}
// @__NO_SIDE_EFFECTS__
function _int(Class2, params) {
  return new Class2({
    type: "number",
    check: "number_format",
    abort: false,
    format: "safeint",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _boolean(Class2, params) {
  return new Class2({
    type: "boolean",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _unknown(Class2) {
  return new Class2({
    type: "unknown"
  });
}
// @__NO_SIDE_EFFECTS__
function _never(Class2, params) {
  return new Class2({
    type: "never",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _lt(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _lte(value, params) {
  return new $ZodCheckLessThan({
    check: "less_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _gt(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: false
  });
}
// @__NO_SIDE_EFFECTS__
function _gte(value, params) {
  return new $ZodCheckGreaterThan({
    check: "greater_than",
    ...normalizeParams(params),
    value,
    inclusive: true
  });
}
// @__NO_SIDE_EFFECTS__
function _multipleOf(value, params) {
  return new $ZodCheckMultipleOf({
    check: "multiple_of",
    ...normalizeParams(params),
    value
  });
}
// @__NO_SIDE_EFFECTS__
function _maxLength(maximum, params) {
  const ch = new $ZodCheckMaxLength({
    check: "max_length",
    ...normalizeParams(params),
    maximum
  });
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _minLength(minimum, params) {
  return new $ZodCheckMinLength({
    check: "min_length",
    ...normalizeParams(params),
    minimum
  });
}
// @__NO_SIDE_EFFECTS__
function _length(length, params) {
  return new $ZodCheckLengthEquals({
    check: "length_equals",
    ...normalizeParams(params),
    length
  });
}
// @__NO_SIDE_EFFECTS__
function _regex(pattern, params) {
  return new $ZodCheckRegex({
    check: "string_format",
    format: "regex",
    ...normalizeParams(params),
    pattern
  });
}
// @__NO_SIDE_EFFECTS__
function _lowercase(params) {
  return new $ZodCheckLowerCase({
    check: "string_format",
    format: "lowercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _uppercase(params) {
  return new $ZodCheckUpperCase({
    check: "string_format",
    format: "uppercase",
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _includes(includes, params) {
  return new $ZodCheckIncludes({
    check: "string_format",
    format: "includes",
    ...normalizeParams(params),
    includes
  });
}
// @__NO_SIDE_EFFECTS__
function _startsWith(prefix, params) {
  return new $ZodCheckStartsWith({
    check: "string_format",
    format: "starts_with",
    ...normalizeParams(params),
    prefix
  });
}
// @__NO_SIDE_EFFECTS__
function _endsWith(suffix, params) {
  return new $ZodCheckEndsWith({
    check: "string_format",
    format: "ends_with",
    ...normalizeParams(params),
    suffix
  });
}
// @__NO_SIDE_EFFECTS__
function _overwrite(tx) {
  return new $ZodCheckOverwrite({
    check: "overwrite",
    tx
  });
}
// @__NO_SIDE_EFFECTS__
function _normalize(form) {
  return /* @__PURE__ */ _overwrite((input) => input.normalize(form));
}
// @__NO_SIDE_EFFECTS__
function _trim() {
  return /* @__PURE__ */ _overwrite((input) => input.trim());
}
// @__NO_SIDE_EFFECTS__
function _toLowerCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toLowerCase());
}
// @__NO_SIDE_EFFECTS__
function _toUpperCase() {
  return /* @__PURE__ */ _overwrite((input) => input.toUpperCase());
}
// @__NO_SIDE_EFFECTS__
function _slugify() {
  return /* @__PURE__ */ _overwrite((input) => slugify(input));
}
// @__NO_SIDE_EFFECTS__
function _array(Class2, element, params) {
  return new Class2({
    type: "array",
    element,
    // get element() {
    //   return element;
    // },
    ...normalizeParams(params)
  });
}
// @__NO_SIDE_EFFECTS__
function _refine(Class2, fn, _params) {
  const schema = new Class2({
    type: "custom",
    check: "custom",
    fn,
    ...normalizeParams(_params)
  });
  return schema;
}
// @__NO_SIDE_EFFECTS__
function _superRefine(fn, params) {
  const ch = /* @__PURE__ */ _check((payload) => {
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(issue(issue2, payload.value, ch._zod.def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = ch);
        _issue.continue ?? (_issue.continue = !ch._zod.def.abort);
        payload.issues.push(issue(_issue));
      }
    };
    return fn(payload.value, payload);
  }, params);
  return ch;
}
// @__NO_SIDE_EFFECTS__
function _check(fn, params) {
  const ch = new $ZodCheck({
    check: "custom",
    ...normalizeParams(params)
  });
  ch._zod.check = fn;
  return ch;
}

// node_modules/zod/v4/core/to-json-schema.js
function assignProps(target, ...sources) {
  for (const source of sources) {
    for (const key of Reflect.ownKeys(source)) {
      if (Object.prototype.propertyIsEnumerable.call(source, key)) {
        assignProp(target, key, source[key]);
      }
    }
  }
  return target;
}
function initializeContext(params) {
  let target = params?.target ?? "draft-2020-12";
  if (target === "draft-4")
    target = "draft-04";
  if (target === "draft-7")
    target = "draft-07";
  return {
    processors: params.processors ?? {},
    metadataRegistry: params?.metadata ?? globalRegistry,
    target,
    unrepresentable: params?.unrepresentable ?? "throw",
    override: params?.override ?? (() => {
    }),
    io: params?.io ?? "output",
    counter: 0,
    seen: /* @__PURE__ */ new Map(),
    sharedDefsExtractedFor: void 0,
    sharedEmitDoneFor: void 0,
    cycles: params?.cycles ?? "ref",
    reused: params?.reused ?? "inline",
    intersections: [],
    deferred: [],
    external: params?.external ?? void 0
  };
}
function handleUnrepresentable(schema, ctx, json, params, message) {
  const result = typeof ctx.unrepresentable === "function" ? ctx.unrepresentable({ zodSchema: schema, path: params.path, message }) : ctx.unrepresentable;
  if (result === "any")
    return false;
  if (result === void 0 || result === "throw")
    throw new Error(message);
  Object.assign(json, result);
  return true;
}
function processSchema(schema, ctx, _params = { path: [], schemaPath: [] }) {
  var _a3;
  const def = schema._zod.def;
  const seen = ctx.seen.get(schema);
  if (seen) {
    seen.count++;
    const isCycle = _params.schemaPath.includes(schema);
    if (isCycle) {
      seen.cycle = _params.path;
    }
    return seen.schema;
  }
  const result = { schema: {}, count: 1, cycle: void 0, path: _params.path };
  ctx.seen.set(schema, result);
  ctx.sharedDefsExtractedFor = void 0;
  ctx.sharedEmitDoneFor = void 0;
  const overrideSchema = schema._zod.toJSONSchema?.();
  if (overrideSchema) {
    result.schema = overrideSchema;
  } else {
    const params = {
      ..._params,
      schemaPath: [..._params.schemaPath, schema],
      path: _params.path
    };
    if (schema._zod.processJSONSchema) {
      schema._zod.processJSONSchema(ctx, result.schema, params);
    } else {
      const _json = result.schema;
      const processor = ctx.processors[def.type];
      if (!processor) {
        throw new Error(`[toJSONSchema]: Non-representable type encountered: ${def.type}`);
      }
      processor(schema, ctx, _json, params);
    }
    const parent = schema._zod.parent;
    if (parent) {
      if (!result.ref)
        result.ref = parent;
      processSchema(parent, ctx, params);
      ctx.seen.get(parent).isParent = true;
    }
  }
  const meta2 = ctx.metadataRegistry.get(schema);
  if (meta2)
    assignProps(result.schema, meta2);
  if (ctx.io === "input" && isTransforming(schema)) {
    delete result.schema.examples;
    delete result.schema.default;
  }
  if (ctx.io === "input" && "_prefault" in result.schema)
    (_a3 = result.schema).default ?? (_a3.default = result.schema._prefault);
  delete result.schema._prefault;
  const _result = ctx.seen.get(schema);
  return _result.schema;
}
function encodeJSONPointerSegment(segment) {
  return segment.replace(/~/g, "~0").replace(/\//g, "~1");
}
function extractDefs(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  if (ctx.external && ctx.sharedDefsExtractedFor === ctx.external)
    return;
  const idToSchema = /* @__PURE__ */ new Map();
  for (const entry of ctx.seen.entries()) {
    const id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      const existing = idToSchema.get(id);
      if (existing && existing !== entry[0]) {
        throw new Error(`Duplicate schema id "${id}" detected during JSON Schema conversion. Two different schemas cannot share the same id when converted together.`);
      }
      idToSchema.set(id, entry[0]);
    }
  }
  const makeURI = (entry) => {
    const defsSegment = ctx.target === "draft-2020-12" ? "$defs" : "definitions";
    if (ctx.external) {
      const externalId = ctx.external.registry.get(entry[0])?.id;
      const uriGenerator = ctx.external.uri ?? ((id2) => id2);
      if (externalId) {
        return { ref: uriGenerator(externalId) };
      }
      const id = entry[1].defId ?? entry[1].schema.id ?? `schema${ctx.counter++}`;
      entry[1].defId = id;
      return { defId: id, ref: `${uriGenerator("__shared")}#/${defsSegment}/${encodeJSONPointerSegment(id)}` };
    }
    const uriPrefix = `#`;
    const defUriPrefix = `${uriPrefix}/${defsSegment}/`;
    if (entry[1] === root && !entry[1].schema.id) {
      return { ref: uriPrefix };
    }
    const defId = entry[1].schema.id ?? `__schema${ctx.counter++}`;
    return { defId, ref: defUriPrefix + encodeJSONPointerSegment(defId) };
  };
  const extractToDef = (entry) => {
    if (entry[1].schema.$ref) {
      return;
    }
    const seen = entry[1];
    const { ref, defId } = makeURI(entry);
    seen.def = { ...seen.schema };
    if (defId)
      seen.defId = defId;
    const schema2 = seen.schema;
    for (const key in schema2) {
      delete schema2[key];
    }
    schema2.$ref = ref;
  };
  if (ctx.cycles === "throw") {
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      if (seen.cycle) {
        throw new Error(`Cycle detected: #/${seen.cycle?.join("/")}/<root>

Set the \`cycles\` parameter to \`"ref"\` to resolve cyclical schemas with defs.`);
      }
    }
  }
  for (const entry of ctx.seen.entries()) {
    const seen = entry[1];
    if (schema === entry[0]) {
      extractToDef(entry);
      continue;
    }
    if (ctx.external) {
      const ext = ctx.external.registry.get(entry[0])?.id;
      if (schema !== entry[0] && ext) {
        extractToDef(entry);
        continue;
      }
    }
    const id = ctx.metadataRegistry.get(entry[0])?.id;
    if (id) {
      extractToDef(entry);
      continue;
    }
    if (seen.cycle) {
      extractToDef(entry);
      continue;
    }
    if (seen.count > 1) {
      if (ctx.reused === "ref") {
        extractToDef(entry);
      }
    }
  }
  if (ctx.external)
    ctx.sharedDefsExtractedFor = ctx.external;
}
function compactTypeUnion(schema) {
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length === 0 || schema.type !== void 0)
    return;
  const types = [];
  for (const option of options) {
    if (!option || typeof option !== "object")
      return;
    compactTypeUnion(option);
    const keys = Object.keys(option);
    if (keys.length !== 1 || keys[0] !== "type")
      return;
    const type = option.type;
    for (const member of Array.isArray(type) ? type : [type]) {
      if (typeof member !== "string")
        return;
      if (!types.includes(member))
        types.push(member);
    }
  }
  delete schema.anyOf;
  schema.type = types.length === 1 ? types[0] : types;
}
var FOLDABLE_KEYS = /* @__PURE__ */ new Set(["type", "properties", "required", "additionalProperties"]);
var UNION_KEYS = ["oneOf", "anyOf"];
function undeclaredConstraint(member) {
  const extra = member.additionalProperties;
  if (extra === void 0 || extra === false || typeof extra !== "object" || extra === null)
    return null;
  return Object.keys(extra).length ? extra : null;
}
function foldObjects(members2) {
  const objects = [];
  for (const member of members2) {
    if (typeof member !== "object" || member.type !== "object")
      return null;
    for (const key in member) {
      if (!FOLDABLE_KEYS.has(key))
        return null;
    }
    objects.push(member);
  }
  const properties = {};
  const required2 = /* @__PURE__ */ new Set();
  for (const object2 of objects) {
    for (const key in object2.properties) {
      if (Object.prototype.hasOwnProperty.call(properties, key))
        continue;
      const parts = [];
      for (const other of objects) {
        const part = other.properties?.[key] ?? undeclaredConstraint(other);
        if (part === null || part === void 0)
          continue;
        if (!parts.some((seen) => JSON.stringify(seen) === JSON.stringify(part)))
          parts.push(part);
      }
      const merged = parts.length === 1 ? parts[0] : foldObjects(parts) ?? { allOf: parts };
      assignProp(properties, key, merged);
    }
    for (const key of object2.required ?? [])
      required2.add(key);
  }
  const folded = { type: "object", properties };
  if (required2.size)
    folded.required = [...required2];
  if (objects.every((object2) => object2.additionalProperties === false)) {
    folded.additionalProperties = false;
  } else {
    const constraints = [];
    for (const object2 of objects) {
      const constraint = undeclaredConstraint(object2);
      if (constraint && !constraints.some((seen) => JSON.stringify(seen) === JSON.stringify(constraint)))
        constraints.push(constraint);
    }
    if (constraints.length === 1)
      folded.additionalProperties = constraints[0];
    else if (constraints.length > 1)
      folded.additionalProperties = { allOf: constraints };
  }
  return folded;
}
function foldIntersection(json) {
  const allOf = json.allOf;
  if (!Array.isArray(allOf) || allOf.length < 2)
    return;
  for (const key of FOLDABLE_KEYS)
    if (key in json)
      return;
  const unions = allOf.filter((m) => UNION_KEYS.some((k) => Array.isArray(m[k])));
  let folded = null;
  if (!unions.length) {
    folded = foldObjects(allOf);
  } else {
    const union2 = unions[0];
    const keyword = UNION_KEYS.find((k) => Array.isArray(union2[k]));
    if (Object.keys(union2).length !== 1)
      return;
    const rest = allOf.filter((m) => m !== union2);
    const branches = union2[keyword].map((branch) => foldObjects([...rest, branch]));
    if (branches.some((b) => !b))
      return;
    folded = { [keyword]: branches };
  }
  if (!folded)
    return;
  delete json.allOf;
  assignProps(json, folded);
}
function finalize(ctx, schema) {
  const root = ctx.seen.get(schema);
  if (!root)
    throw new Error("Unprocessed schema. This is a bug in Zod.");
  const flattenRef = (zodSchema) => {
    const seen = ctx.seen.get(zodSchema);
    if (seen.ref === null)
      return;
    const schema2 = seen.def ?? seen.schema;
    const _cached = { ...schema2 };
    const ref = seen.ref;
    seen.ref = null;
    if (ref) {
      flattenRef(ref);
      const refSeen = ctx.seen.get(ref);
      const refSchema = refSeen.schema;
      if (refSchema.$ref && (ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0")) {
        schema2.allOf = schema2.allOf ?? [];
        schema2.allOf.push(refSchema);
      } else {
        assignProps(schema2, refSchema);
      }
      assignProps(schema2, _cached);
      const isParentRef = zodSchema._zod.parent === ref;
      if (isParentRef) {
        for (const key in schema2) {
          if (key === "$ref" || key === "allOf")
            continue;
          if (!(key in _cached)) {
            delete schema2[key];
          }
        }
      }
      if (refSchema.$ref && refSeen.def) {
        for (const key in schema2) {
          if (key === "$ref" || key === "allOf")
            continue;
          if (key in refSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(refSeen.def[key])) {
            delete schema2[key];
          }
        }
      }
    }
    const parent = zodSchema._zod.parent;
    if (parent && parent !== ref) {
      flattenRef(parent);
      const parentSeen = ctx.seen.get(parent);
      if (parentSeen?.schema.$ref) {
        schema2.$ref = parentSeen.schema.$ref;
        if (parentSeen.def) {
          for (const key in schema2) {
            if (key === "$ref" || key === "allOf")
              continue;
            if (key in parentSeen.def && JSON.stringify(schema2[key]) === JSON.stringify(parentSeen.def[key])) {
              delete schema2[key];
            }
          }
        }
      }
    }
    ctx.override({
      zodSchema,
      jsonSchema: schema2,
      path: seen.path ?? []
    });
  };
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry of [...ctx.seen.entries()].reverse()) {
      flattenRef(entry[0]);
    }
    if (ctx.target !== "openapi-3.0") {
      for (const entry of ctx.seen.entries()) {
        compactTypeUnion(entry[1].def ?? entry[1].schema);
      }
    }
    for (const rewrite of ctx.deferred)
      rewrite();
    if (ctx.intersections.length) {
      const carriers = /* @__PURE__ */ new Map();
      for (const seen of ctx.seen.values()) {
        for (const json of [seen.schema, seen.def]) {
          const allOf = json?.allOf;
          if (!Array.isArray(allOf))
            continue;
          const existing = carriers.get(allOf);
          if (existing)
            existing.push(json);
          else
            carriers.set(allOf, [json]);
        }
      }
      for (const allOf of ctx.intersections) {
        for (const json of carriers.get(allOf) ?? [])
          foldIntersection(json);
      }
    }
  }
  const result = {};
  if (ctx.target === "draft-2020-12") {
    result.$schema = "https://json-schema.org/draft/2020-12/schema";
  } else if (ctx.target === "draft-07") {
    result.$schema = "http://json-schema.org/draft-07/schema#";
  } else if (ctx.target === "draft-04") {
    result.$schema = "http://json-schema.org/draft-04/schema#";
  } else if (ctx.target === "openapi-3.0") {
  } else {
  }
  if (ctx.external?.uri) {
    const id = ctx.external.registry.get(schema)?.id;
    if (!id)
      throw new Error("Schema is missing an `id` property");
    result.$id = ctx.external.uri(id);
  }
  assignProps(result, root.defId ? root.schema : root.def ?? root.schema);
  const rootMetaId = ctx.metadataRegistry.get(schema)?.id;
  if (rootMetaId !== void 0 && result.id === rootMetaId)
    delete result.id;
  const defs = ctx.external?.defs ?? {};
  if (!ctx.external || ctx.sharedEmitDoneFor !== ctx.external) {
    for (const entry of ctx.seen.entries()) {
      const seen = entry[1];
      if (seen.def && seen.defId) {
        if (seen.def.id === seen.defId)
          delete seen.def.id;
        assignProp(defs, seen.defId, seen.def);
      }
    }
  }
  if (ctx.external)
    ctx.sharedEmitDoneFor = ctx.external;
  if (ctx.external) {
  } else {
    if (Object.keys(defs).length > 0) {
      if (ctx.target === "draft-2020-12") {
        result.$defs = defs;
      } else {
        result.definitions = defs;
      }
    }
  }
  try {
    const finalized = JSON.parse(JSON.stringify(result));
    Object.defineProperty(finalized, "~standard", {
      value: {
        ...schema["~standard"],
        jsonSchema: {
          input: createStandardJSONSchemaMethod(schema, "input", ctx.processors),
          output: createStandardJSONSchemaMethod(schema, "output", ctx.processors)
        }
      },
      enumerable: false,
      writable: false
    });
    return finalized;
  } catch (_err) {
    throw new Error("Error converting schema to JSON.");
  }
}
function isTransforming(_schema, _ctx) {
  const ctx = _ctx ?? { seen: /* @__PURE__ */ new Set() };
  if (ctx.seen.has(_schema))
    return false;
  ctx.seen.add(_schema);
  const def = _schema._zod.def;
  if (def.type === "transform")
    return true;
  if (def.type === "array")
    return isTransforming(def.element, ctx);
  if (def.type === "set")
    return isTransforming(def.valueType, ctx);
  if (def.type === "lazy")
    return isTransforming(def.getter(), ctx);
  if (def.type === "promise" || def.type === "optional" || def.type === "nonoptional" || def.type === "nullable" || def.type === "readonly" || def.type === "default" || def.type === "prefault" || def.type === "catch") {
    return isTransforming(def.innerType, ctx);
  }
  if (def.type === "intersection") {
    return isTransforming(def.left, ctx) || isTransforming(def.right, ctx);
  }
  if (def.type === "record" || def.type === "map") {
    return isTransforming(def.keyType, ctx) || isTransforming(def.valueType, ctx);
  }
  if (def.type === "pipe") {
    if (_schema._zod.traits.has("$ZodCodec"))
      return true;
    return isTransforming(def.in, ctx) || isTransforming(def.out, ctx);
  }
  if (def.type === "object") {
    for (const key in def.shape) {
      if (isTransforming(def.shape[key], ctx))
        return true;
    }
    return false;
  }
  if (def.type === "union") {
    for (const option of def.options) {
      if (isTransforming(option, ctx))
        return true;
    }
    return false;
  }
  if (def.type === "tuple") {
    for (const item of def.items) {
      if (isTransforming(item, ctx))
        return true;
    }
    if (def.rest && isTransforming(def.rest, ctx))
      return true;
    return false;
  }
  return false;
}
var createToJSONSchemaMethod = (schema, processors = {}) => (params) => {
  const ctx = initializeContext({ ...params, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};
var createStandardJSONSchemaMethod = (schema, io, processors = {}) => (params) => {
  const { libraryOptions, target } = params ?? {};
  const ctx = initializeContext({ ...libraryOptions ?? {}, target, io, processors });
  processSchema(schema, ctx);
  extractDefs(ctx, schema);
  return finalize(ctx, schema);
};

// node_modules/zod/v4/core/json-schema-processors.js
var narrowMin = (agg, key, value) => {
  if (agg[key] === void 0 || value > agg[key])
    agg[key] = value;
};
var narrowMax = (agg, key, value) => {
  if (agg[key] === void 0 || value < agg[key])
    agg[key] = value;
};
var narrowBoth = (agg, value) => {
  narrowMin(agg, "minimum", value);
  narrowMax(agg, "maximum", value);
};
var addDivisor = (agg, value) => {
  agg.multipleOf ?? (agg.multipleOf = []);
  if (!agg.multipleOf.includes(value))
    agg.multipleOf.push(value);
};
var addPattern = (agg, pattern) => {
  agg.patterns ?? (agg.patterns = /* @__PURE__ */ new Set());
  agg.patterns.add(pattern);
};
var intersectMime = (agg, mime) => {
  agg.mime = agg.mime ? agg.mime.filter((m) => mime.includes(m)) : [...mime];
};
var setFormat = (agg, format2) => {
  agg.format = format2;
  if (format2.includes("int"))
    agg.isInt = true;
};
var minContributor = (agg, def) => narrowMin(agg, "minimum", def.minimum);
var maxContributor = (agg, def) => narrowMax(agg, "maximum", def.maximum);
var formatContributor = (ranges) => (agg, def) => {
  setFormat(agg, def.format);
  const [minimum, maximum] = ranges[def.format];
  narrowMin(agg, "minimum", minimum);
  narrowMax(agg, "maximum", maximum);
};
var contributors = {
  greater_than: (agg, def) => narrowMin(agg, def.inclusive ? "minimum" : "exclusiveMinimum", def.value),
  less_than: (agg, def) => narrowMax(agg, def.inclusive ? "maximum" : "exclusiveMaximum", def.value),
  multiple_of: (agg, def) => addDivisor(agg, def.value),
  number_format: formatContributor(NUMBER_FORMAT_RANGES),
  bigint_format: formatContributor(BIGINT_FORMAT_RANGES),
  min_length: minContributor,
  max_length: maxContributor,
  length_equals: (agg, def) => narrowBoth(agg, def.length),
  min_size: minContributor,
  max_size: maxContributor,
  size_equals: (agg, def) => narrowBoth(agg, def.size),
  string_format: (agg, def) => {
    setFormat(agg, def.format);
    if (def.pattern)
      addPattern(agg, def.pattern);
    if (def.format === "base64" || def.format === "base64url")
      agg.contentEncoding = def.format;
    if (def.local || def.precision === -1)
      agg.laxFormat = true;
  },
  mime_type: (agg, def) => intersectMime(agg, def.mime)
};
function aggregateChecks(schema) {
  const agg = {};
  const def = schema._zod.def;
  const list = schema._zod.traits.has("$ZodCheck") ? [schema, ...def.checks ?? []] : def.checks ?? [];
  for (const ch of list)
    contributors[ch._zod.def.check]?.(agg, ch._zod.def);
  const bag = schema._zod.bag;
  if (bag.minimum !== void 0)
    narrowMin(agg, "minimum", bag.minimum);
  if (bag.exclusiveMinimum !== void 0)
    narrowMin(agg, "exclusiveMinimum", bag.exclusiveMinimum);
  if (bag.maximum !== void 0)
    narrowMax(agg, "maximum", bag.maximum);
  if (bag.exclusiveMaximum !== void 0)
    narrowMax(agg, "exclusiveMaximum", bag.exclusiveMaximum);
  if (bag.multipleOf !== void 0)
    addDivisor(agg, bag.multipleOf);
  if (bag.format !== void 0) {
    agg.format ?? (agg.format = bag.format);
    if (bag.format.includes("int"))
      agg.isInt = true;
  }
  if (bag.mime)
    intersectMime(agg, bag.mime);
  for (const pattern of bag.patterns ?? [])
    addPattern(agg, pattern);
  return agg;
}
var formatMap = {
  guid: "uuid",
  url: "uri",
  datetime: "date-time",
  json_string: "json-string",
  regex: ""
  // do not set
};
var exactPatterns = /* @__PURE__ */ new Map([
  [base64Charset, base64],
  [base64urlCharset, base64url]
]);
var exactPattern = (p) => exactPatterns.get(p) ?? p;
var stringProcessor = (schema, ctx, _json, _params) => {
  const json = _json;
  json.type = "string";
  const { minimum, maximum, format: format2, patterns, contentEncoding, laxFormat } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json.minLength = minimum;
  if (typeof maximum === "number")
    json.maxLength = maximum;
  if (format2) {
    json.format = formatMap[format2] ?? format2;
    if (json.format === "")
      delete json.format;
    if (format2 === "time" || laxFormat) {
      delete json.format;
    }
  }
  if (contentEncoding)
    json.contentEncoding = contentEncoding;
  if (patterns && patterns.size > 0) {
    const patternList = [...patterns].map(exactPattern);
    if (patternList.length === 1)
      json.pattern = patternList[0].source;
    else if (patternList.length > 1) {
      json.allOf = [
        ...patternList.map((regex) => ({
          ...ctx.target === "draft-07" || ctx.target === "draft-04" || ctx.target === "openapi-3.0" ? { type: "string" } : {},
          pattern: regex.source
        }))
      ];
    }
  }
};
var numberProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const { minimum, maximum, multipleOf, exclusiveMaximum, exclusiveMinimum, isInt } = aggregateChecks(schema);
  json.type = isInt ? "integer" : "number";
  const exMin = typeof exclusiveMinimum === "number" && exclusiveMinimum >= (minimum ?? Number.NEGATIVE_INFINITY);
  const exMax = typeof exclusiveMaximum === "number" && exclusiveMaximum <= (maximum ?? Number.POSITIVE_INFINITY);
  const legacy = ctx.target === "draft-04" || ctx.target === "openapi-3.0";
  if (exMin) {
    if (legacy) {
      json.minimum = exclusiveMinimum;
      json.exclusiveMinimum = true;
    } else {
      json.exclusiveMinimum = exclusiveMinimum;
    }
  } else if (typeof minimum === "number") {
    json.minimum = minimum;
  }
  if (exMax) {
    if (legacy) {
      json.maximum = exclusiveMaximum;
      json.exclusiveMaximum = true;
    } else {
      json.exclusiveMaximum = exclusiveMaximum;
    }
  } else if (typeof maximum === "number") {
    json.maximum = maximum;
  }
  if (multipleOf) {
    const divisors = /* @__PURE__ */ new Set();
    for (const divisor of multipleOf) {
      if (Number.isFinite(divisor) && divisor !== 0)
        divisors.add(Math.abs(divisor));
      else
        handleUnrepresentable(schema, ctx, json, params, `A multipleOf divisor of ${divisor} cannot be represented in JSON Schema`);
    }
    const [first, ...rest] = divisors;
    if (first !== void 0)
      json.multipleOf = first;
    if (rest.length)
      json.allOf = [...json.allOf ?? [], ...rest.map((m) => ({ multipleOf: m }))];
  }
};
var booleanProcessor = (_schema, _ctx, json, _params) => {
  json.type = "boolean";
};
var bigintProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "BigInt cannot be represented in JSON Schema");
};
var symbolProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Symbols cannot be represented in JSON Schema");
};
var nullProcessor = (_schema, ctx, json, _params) => {
  if (ctx.target === "openapi-3.0") {
    json.type = "string";
    json.nullable = true;
    json.enum = [null];
  } else {
    json.type = "null";
  }
};
var undefinedProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Undefined cannot be represented in JSON Schema");
};
var voidProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Void cannot be represented in JSON Schema");
};
var neverProcessor = (_schema, _ctx, json, _params) => {
  json.not = {};
};
var anyProcessor = (_schema, _ctx, _json, _params) => {
};
var unknownProcessor = (_schema, _ctx, _json, _params) => {
};
var dateProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Date cannot be represented in JSON Schema");
};
var enumProcessor = (schema, _ctx, json, _params) => {
  const def = schema._zod.def;
  const values = getEnumValues(def.entries);
  if (values.length === 0) {
    json.not = {};
    return;
  }
  if (values.every((v) => typeof v === "number"))
    json.type = "number";
  if (values.every((v) => typeof v === "string"))
    json.type = "string";
  json.enum = values;
};
var literalProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  if (def.values.length === 0) {
    json.not = {};
    return;
  }
  const vals = [];
  for (const val of def.values) {
    if (val === void 0) {
      if (handleUnrepresentable(schema, ctx, json, params, "Literal `undefined` cannot be represented in JSON Schema"))
        return;
    } else if (typeof val === "bigint") {
      if (handleUnrepresentable(schema, ctx, json, params, "BigInt literals cannot be represented in JSON Schema"))
        return;
      vals.push(Number(val));
    } else {
      vals.push(val);
    }
  }
  if (vals.length === 0) {
  } else if (vals.length === 1) {
    const val = vals[0];
    json.type = val === null ? "null" : typeof val;
    if (ctx.target === "draft-04" || ctx.target === "openapi-3.0") {
      json.enum = [val];
    } else {
      json.const = val;
    }
  } else {
    if (vals.every((v) => typeof v === "number"))
      json.type = "number";
    if (vals.every((v) => typeof v === "string"))
      json.type = "string";
    if (vals.every((v) => typeof v === "boolean"))
      json.type = "boolean";
    if (vals.every((v) => v === null))
      json.type = "null";
    json.enum = vals;
  }
};
var nanProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "NaN cannot be represented in JSON Schema");
};
var templateLiteralProcessor = (schema, _ctx, json, _params) => {
  const _json = json;
  const pattern = schema._zod.pattern;
  if (!pattern)
    throw new Error("Pattern not found in template literal");
  _json.type = "string";
  _json.pattern = pattern.source;
};
var fileProcessor = (schema, _ctx, json, _params) => {
  const _json = json;
  _json.type = "string";
  _json.format = "binary";
  _json.contentEncoding = "binary";
  const { minimum, maximum, mime } = aggregateChecks(schema);
  if (minimum !== void 0)
    _json.minLength = minimum;
  if (maximum !== void 0)
    _json.maxLength = maximum;
  if (!mime)
    return;
  if (mime.length === 0)
    _json.not = {};
  else if (mime.length === 1)
    _json.contentMediaType = mime[0];
  else
    _json.anyOf = mime.map((m) => ({ contentMediaType: m }));
};
var successProcessor = (_schema, _ctx, json, _params) => {
  json.type = "boolean";
};
var customProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Custom types cannot be represented in JSON Schema");
};
var functionProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Function types cannot be represented in JSON Schema");
};
var transformProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Transforms cannot be represented in JSON Schema");
};
var mapProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Map cannot be represented in JSON Schema");
};
var setProcessor = (schema, ctx, json, params) => {
  handleUnrepresentable(schema, ctx, json, params, "Set cannot be represented in JSON Schema");
};
var arrayProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  const { minimum, maximum } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json.minItems = minimum;
  if (typeof maximum === "number")
    json.maxItems = maximum;
  json.type = "array";
  json.items = processSchema(def.element, ctx, {
    ...params,
    path: [...params.path, "items"]
  });
};
function inputOptin(schema) {
  const def = schema._zod.def;
  if (def.type === "pipe" && def.in._zod.traits.has("$ZodTransform")) {
    return inputOptin(def.out);
  }
  if (def.type === "catch") {
    return inputOptin(def.innerType);
  }
  return schema._zod.optin;
}
var objectProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  const shape = def.shape;
  const symbolKeys = Object.getOwnPropertySymbols(shape);
  if (symbolKeys.length && handleUnrepresentable(schema, ctx, json, params, "Symbol keys cannot be represented in JSON Schema")) {
    return;
  }
  json.type = "object";
  json.properties = {};
  for (const key in shape) {
    assignProp(json.properties, key, processSchema(shape[key], ctx, {
      ...params,
      path: [...params.path, "properties", key]
    }));
  }
  const requiredKeys = [];
  for (const key of Object.keys(shape)) {
    const field = def.shape[key];
    if (ctx.io === "input" ? inputOptin(field) === void 0 : field._zod.optout === void 0) {
      requiredKeys.push(key);
    }
  }
  if (requiredKeys.length > 0) {
    json.required = requiredKeys;
  }
  if (def.catchall?._zod.def.type === "never") {
    json.additionalProperties = false;
  } else if (!def.catchall) {
    if (ctx.io === "output")
      json.additionalProperties = false;
  } else if (def.catchall) {
    json.additionalProperties = processSchema(def.catchall, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
};
var unionProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const isExclusive = def.inclusive === false;
  const options = def.options.map((x, i) => processSchema(x, ctx, {
    ...params,
    path: [...params.path, isExclusive ? "oneOf" : "anyOf", i]
  }));
  if (isExclusive) {
    json.oneOf = options;
  } else {
    json.anyOf = options;
  }
};
var intersectionProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const a = processSchema(def.left, ctx, {
    ...params,
    path: [...params.path, "allOf", 0]
  });
  const b = processSchema(def.right, ctx, {
    ...params,
    path: [...params.path, "allOf", 1]
  });
  const isSimpleIntersection = (val) => "allOf" in val && Object.keys(val).length === 1;
  const allOf = [
    ...isSimpleIntersection(a) ? a.allOf : [a],
    ...isSimpleIntersection(b) ? b.allOf : [b]
  ];
  json.allOf = allOf;
  ctx.intersections.push(allOf);
};
var tupleProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  json.type = "array";
  const prefixPath = ctx.target === "draft-2020-12" ? "prefixItems" : "items";
  const restPath = ctx.target === "draft-2020-12" ? "items" : ctx.target === "openapi-3.0" ? "items" : "additionalItems";
  const prefixItems = def.items.map((x, i) => processSchema(x, ctx, {
    ...params,
    path: [...params.path, prefixPath, i]
  }));
  const rest = def.rest ? processSchema(def.rest, ctx, {
    ...params,
    path: [...params.path, restPath, ...ctx.target === "openapi-3.0" ? [def.items.length] : []]
  }) : null;
  let minItems = def.items.length;
  while (minItems > 0) {
    const item = def.items[minItems - 1];
    const optional2 = ctx.io === "input" ? inputOptin(item) !== void 0 : item._zod.optout === "optional";
    if (!optional2)
      break;
    minItems--;
  }
  const maxItems = def.items.length;
  const isClosed = !def.rest;
  if (ctx.target === "draft-2020-12") {
    json.prefixItems = prefixItems;
    if (isClosed) {
      json.items = false;
    } else if (rest) {
      json.items = rest;
    }
    if (minItems > 0)
      json.minItems = minItems;
    if (isClosed)
      json.maxItems = maxItems;
  } else if (ctx.target === "openapi-3.0") {
    json.items = {
      anyOf: prefixItems
    };
    if (rest) {
      json.items.anyOf.push(rest);
    }
    if (minItems > 0)
      json.minItems = minItems;
    if (isClosed)
      json.maxItems = maxItems;
  } else {
    json.items = prefixItems;
    if (isClosed) {
      json.additionalItems = false;
    } else if (rest) {
      json.additionalItems = rest;
    }
    if (minItems > 0)
      json.minItems = minItems;
    if (isClosed)
      json.maxItems = maxItems;
  }
  const { minimum, maximum } = aggregateChecks(schema);
  if (typeof minimum === "number")
    json.minItems = minimum;
  if (typeof maximum === "number")
    json.maxItems = maximum;
};
function stringifyKeyNames(bySchema, json, visited) {
  if (json.$ref) {
    if (visited.has(json))
      return json;
    visited.add(json);
    const def = bySchema.get(json)?.def;
    if (!def)
      return json;
    const inlined = stringifyKeyNames(bySchema, def, visited);
    return inlined === def ? json : inlined;
  }
  for (const keyword of ["anyOf", "oneOf"]) {
    const branches = json[keyword];
    if (!Array.isArray(branches))
      continue;
    const mapped = branches.map((branch) => stringifyKeyNames(bySchema, branch, visited));
    if (mapped.some((branch, i) => branch !== branches[i]))
      json = { ...json, [keyword]: mapped };
  }
  const types = Array.isArray(json.type) ? json.type : [json.type];
  const numericType = !types.includes("string") && types.some((t) => t === "number" || t === "integer");
  const values = json.enum ?? (json.const !== void 0 ? [json.const] : void 0);
  if (!numericType && !values?.some((v) => typeof v === "number"))
    return json;
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, format: format2, id, ...rest } = json;
  if (rest.enum)
    rest.enum = rest.enum.map((v) => typeof v === "number" ? String(v) : v);
  else if (typeof rest.const === "number")
    rest.const = String(rest.const);
  if (!numericType)
    return rest;
  rest.type = "string";
  if (!values)
    rest.pattern = (types.includes("number") ? number : integer).source;
  return rest;
}
var pendingRecords = /* @__PURE__ */ new WeakMap();
function rewriteKeyNames(ctx) {
  const bySchema = /* @__PURE__ */ new Map();
  for (const entry of ctx.seen.values()) {
    if (entry.def && !bySchema.has(entry.schema))
      bySchema.set(entry.schema, entry);
  }
  const rewrites = /* @__PURE__ */ new Map();
  for (const record2 of pendingRecords.get(ctx) ?? []) {
    const seen = ctx.seen.get(record2);
    const names = (seen?.def ?? seen?.schema)?.propertyNames;
    if (!names || names === true || rewrites.has(names))
      continue;
    const rewritten = stringifyKeyNames(bySchema, names, /* @__PURE__ */ new Set());
    if (rewritten !== names)
      rewrites.set(names, rewritten);
  }
  if (!rewrites.size)
    return;
  for (const entry of ctx.seen.values()) {
    for (const carrier of [entry.schema, entry.def]) {
      const rewritten = carrier && rewrites.get(carrier.propertyNames);
      if (rewritten)
        carrier.propertyNames = rewritten;
    }
  }
}
var recordProcessor = (schema, ctx, _json, params) => {
  const json = _json;
  const def = schema._zod.def;
  json.type = "object";
  const keyType = def.keyType;
  const patterns = aggregateChecks(keyType).patterns;
  if (def.mode === "loose" && patterns && patterns.size > 0) {
    const valueSchema = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "patternProperties", "*"]
    });
    json.patternProperties = {};
    for (const pattern of patterns) {
      assignProp(json.patternProperties, exactPattern(pattern).source, valueSchema);
    }
  } else {
    if (ctx.target === "draft-07" || ctx.target === "draft-2020-12") {
      json.propertyNames = processSchema(def.keyType, ctx, {
        ...params,
        path: [...params.path, "propertyNames"]
      });
      let pending = pendingRecords.get(ctx);
      if (!pending) {
        pending = [];
        pendingRecords.set(ctx, pending);
        ctx.deferred.push(() => rewriteKeyNames(ctx));
      }
      pending.push(schema);
    }
    json.additionalProperties = processSchema(def.valueType, ctx, {
      ...params,
      path: [...params.path, "additionalProperties"]
    });
  }
  const keyValues = keyType._zod.values;
  const omittableOnInput = ctx.io === "input" && inputOptin(def.valueType) !== void 0;
  if (keyValues && !def.partial && !omittableOnInput) {
    const validKeyValues = [...keyValues].filter((v) => typeof v === "string" || typeof v === "number");
    if (validKeyValues.length > 0) {
      json.required = validKeyValues.map(String);
    }
  }
};
var nullableProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  const inner = processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  if (ctx.target === "openapi-3.0") {
    seen.ref = def.innerType;
    json.nullable = true;
  } else {
    json.anyOf = [inner, { type: "null" }];
  }
};
var nonoptionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};
var UNREPRESENTABLE_DEFAULT = /* @__PURE__ */ Symbol();
function serializeDefaultValue(value, schema, ctx, json, params) {
  let unrepresentable = false;
  const serialized = JSON.stringify(value, (_, val) => {
    if (typeof val !== "bigint")
      return val;
    unrepresentable = true;
    return null;
  });
  if (!unrepresentable)
    return JSON.parse(serialized);
  handleUnrepresentable(schema, ctx, json, params, "BigInt defaults cannot be represented in JSON Schema");
  return UNREPRESENTABLE_DEFAULT;
}
var defaultProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json.default = value;
};
var prefaultProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  if (ctx.io !== "input")
    return;
  const value = serializeDefaultValue(def.defaultValue, schema, ctx, json, params);
  if (value !== UNREPRESENTABLE_DEFAULT)
    json._prefault = value;
};
var catchProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  let catchValue;
  try {
    catchValue = def.catchValue(void 0);
  } catch {
    handleUnrepresentable(schema, ctx, json, params, "Dynamic catch values are not supported in JSON Schema");
    return;
  }
  json.default = catchValue;
};
var pipeProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  const inIsTransform = def.in._zod.traits.has("$ZodTransform");
  const innerType = ctx.io === "input" ? inIsTransform ? def.out : def.in : def.out;
  processSchema(innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = innerType;
};
var readonlyProcessor = (schema, ctx, json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
  json.readOnly = true;
};
var promiseProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};
var optionalProcessor = (schema, ctx, _json, params) => {
  const def = schema._zod.def;
  processSchema(def.innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = def.innerType;
};
var lazyProcessor = (schema, ctx, _json, params) => {
  const innerType = schema._zod.innerType;
  processSchema(innerType, ctx, params);
  const seen = ctx.seen.get(schema);
  seen.ref = innerType;
};
var allProcessors = {
  string: stringProcessor,
  number: numberProcessor,
  boolean: booleanProcessor,
  bigint: bigintProcessor,
  symbol: symbolProcessor,
  null: nullProcessor,
  undefined: undefinedProcessor,
  void: voidProcessor,
  never: neverProcessor,
  any: anyProcessor,
  unknown: unknownProcessor,
  date: dateProcessor,
  enum: enumProcessor,
  literal: literalProcessor,
  nan: nanProcessor,
  template_literal: templateLiteralProcessor,
  file: fileProcessor,
  success: successProcessor,
  custom: customProcessor,
  function: functionProcessor,
  transform: transformProcessor,
  map: mapProcessor,
  set: setProcessor,
  array: arrayProcessor,
  object: objectProcessor,
  union: unionProcessor,
  intersection: intersectionProcessor,
  tuple: tupleProcessor,
  record: recordProcessor,
  nullable: nullableProcessor,
  nonoptional: nonoptionalProcessor,
  default: defaultProcessor,
  prefault: prefaultProcessor,
  catch: catchProcessor,
  pipe: pipeProcessor,
  readonly: readonlyProcessor,
  promise: promiseProcessor,
  optional: optionalProcessor,
  lazy: lazyProcessor
};
function toJSONSchema(input, params) {
  if ("_idmap" in input) {
    const registry2 = input;
    const ctx2 = initializeContext({ ...params, processors: allProcessors });
    const defs = {};
    for (const entry of registry2._idmap.entries()) {
      const [_, schema] = entry;
      processSchema(schema, ctx2);
    }
    const schemas = {};
    const external = {
      registry: registry2,
      uri: params?.uri,
      defs
    };
    ctx2.external = external;
    for (const entry of registry2._idmap.entries()) {
      const [key, schema] = entry;
      extractDefs(ctx2, schema);
      assignProp(schemas, key, finalize(ctx2, schema));
    }
    if (Object.keys(defs).length > 0) {
      const defsSegment = ctx2.target === "draft-2020-12" ? "$defs" : "definitions";
      schemas.__shared = {
        [defsSegment]: defs
      };
    }
    return { schemas };
  }
  const ctx = initializeContext({ ...params, processors: allProcessors });
  processSchema(input, ctx);
  extractDefs(ctx, input);
  return finalize(ctx, input);
}

// node_modules/zod/v4/classic/errors.js
var _installedErrorProtos = /* @__PURE__ */ new WeakSet([Object.prototype, Error.prototype]);
function _lazyMethod(proto, key, make) {
  Object.defineProperty(proto, key, {
    configurable: true,
    enumerable: false,
    get() {
      const value = make(this);
      Object.defineProperty(this, key, { value, configurable: true, writable: true });
      return value;
    },
    set(value) {
      Object.defineProperty(this, key, { value, configurable: true, writable: true });
    }
  });
}
var initializer2 = (inst, issues) => {
  $ZodError.init(inst, issues);
  inst.name = "ZodError";
  const proto = Object.getPrototypeOf(inst);
  if (_installedErrorProtos.has(proto))
    return;
  _installedErrorProtos.add(proto);
  _lazyMethod(proto, "format", (self) => (mapper) => formatError(self, mapper));
  _lazyMethod(proto, "flatten", (self) => (mapper) => flattenError(self, mapper));
  _lazyMethod(proto, "addIssue", (self) => (issue2) => {
    self.issues.push(issue2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  _lazyMethod(proto, "addIssues", (self) => (issues2) => {
    self.issues.push(...issues2);
    self.message = JSON.stringify(self.issues, jsonStringifyReplacer, 2);
  });
  Object.defineProperty(proto, "isEmpty", {
    configurable: true,
    enumerable: false,
    get() {
      return this.issues.length === 0;
    }
  });
};
var ZodRealError = /* @__PURE__ */ $constructor("ZodError", initializer2, void 0, {
  Parent: Error
});

// node_modules/zod/v4/classic/parse.js
var parse = /* @__PURE__ */ _parse(ZodRealError);
var parseAsync = /* @__PURE__ */ _parseAsync(ZodRealError);
var safeParse = /* @__PURE__ */ _safeParse(ZodRealError);
var safeParseAsync = /* @__PURE__ */ _safeParseAsync(ZodRealError);
var encode = /* @__PURE__ */ _encode(ZodRealError);
var decode = /* @__PURE__ */ _decode(ZodRealError);
var encodeAsync = /* @__PURE__ */ _encodeAsync(ZodRealError);
var decodeAsync = /* @__PURE__ */ _decodeAsync(ZodRealError);
var safeEncode = /* @__PURE__ */ _safeEncode(ZodRealError);
var safeDecode = /* @__PURE__ */ _safeDecode(ZodRealError);
var safeEncodeAsync = /* @__PURE__ */ _safeEncodeAsync(ZodRealError);
var safeDecodeAsync = /* @__PURE__ */ _safeDecodeAsync(ZodRealError);

// node_modules/zod/v4/classic/schemas.js
function _ensureDefaultLocale() {
  if (!globalConfig.localeError)
    config(en_default());
}
function _ensureDefaultMemoizer() {
  if (!globalConfig.memoizer)
    config({ memoizer: memoizer() });
}
var ZodType = /* @__PURE__ */ $constructor("ZodType", (inst, def) => {
  _ensureDefaultLocale();
  $ZodType.init(inst, def);
  inst.def = def;
  inst.type = def.type;
  return inst;
}, {
  check(...chks) {
    const def = this.def;
    return this.clone(util_exports.mergeDefs(def, {
      checks: [
        ...def.checks ?? [],
        ...chks.map((ch) => typeof ch === "function" ? { _zod: { check: ch, def: { check: "custom" }, onattach: [] } } : ch)
      ]
    }), { parent: true });
  },
  with(...chks) {
    return this.check(...chks);
  },
  clone(def, params) {
    return clone(this, def, params);
  },
  brand() {
    return this;
  },
  register(reg, meta2) {
    reg.add(this, meta2);
    return this;
  },
  refine(check, params) {
    return this.check(refine(check, params));
  },
  superRefine(refinement, params) {
    return this.check(superRefine(refinement, params));
  },
  overwrite(fn) {
    return this.check(_overwrite(fn));
  },
  optional() {
    return optional(this);
  },
  exactOptional() {
    return exactOptional(this);
  },
  nullable() {
    return nullable(this);
  },
  nullish() {
    return optional(nullable(this));
  },
  nonoptional(params) {
    return nonoptional(this, params);
  },
  array() {
    return array(this);
  },
  or(arg) {
    return union([this, arg]);
  },
  and(arg) {
    return intersection(this, arg);
  },
  transform(tx) {
    return pipe(this, transform(tx));
  },
  default(d) {
    return _default(this, d);
  },
  prefault(d) {
    return prefault(this, d);
  },
  catch(params) {
    return _catch(this, params);
  },
  pipe(target) {
    return pipe(this, target);
  },
  readonly() {
    return readonly(this);
  },
  describe(description) {
    const cl = this.clone();
    globalRegistry.add(cl, { description });
    return cl;
  },
  meta(...args) {
    if (args.length === 0)
      return globalRegistry.get(this);
    const cl = this.clone();
    globalRegistry.add(cl, args[0]);
    return cl;
  },
  isOptional() {
    return this.safeParse(void 0).success;
  },
  isNullable() {
    return this.safeParse(null).success;
  },
  apply(fn, ...args) {
    return args.length === 0 ? fn(this) : fn(this, ...args);
  },
  // Overrides core's `~standard` to add `jsonSchema`. Must stay a prototype entry: redefining it per instance demotes instances to dictionary mode.
  get "~standard"() {
    return util_exports.hide(this, "~standard", {
      ...standardProps(this),
      jsonSchema: {
        input: createStandardJSONSchemaMethod(this, "input"),
        output: createStandardJSONSchemaMethod(this, "output")
      }
    });
  },
  set "~standard"(value) {
    util_exports.own(this, "~standard", value);
  },
  parse: function _parse2(data, params) {
    return parse(this, data, params, { callee: _parse2 });
  },
  parseAsync: async function _parseAsync2(data, params) {
    return await parseAsync(this, data, params, { callee: _parseAsync2 });
  },
  safeParse(data, params) {
    return safeParse(this, data, params);
  },
  async safeParseAsync(data, params) {
    return safeParseAsync(this, data, params);
  },
  // `spa` is an alias: same function object as `safeParseAsync`, as before.
  get spa() {
    return this?.safeParseAsync;
  },
  set spa(value) {
    util_exports.own(this, "spa", value);
  },
  validate(data, params) {
    return validate(this, data, params);
  },
  validateAsync(data, params) {
    return validateAsync(this, data, params);
  },
  encode: function _encode2(data, params) {
    return encode(this, data, params, { callee: _encode2 });
  },
  decode: function _decode2(data, params) {
    return decode(this, data, params, { callee: _decode2 });
  },
  encodeAsync: async function _encodeAsync2(data, params) {
    return await encodeAsync(this, data, params, { callee: _encodeAsync2 });
  },
  decodeAsync: async function _decodeAsync2(data, params) {
    return await decodeAsync(this, data, params, { callee: _decodeAsync2 });
  },
  safeEncode(data, params) {
    return safeEncode(this, data, params);
  },
  safeDecode(data, params) {
    return safeDecode(this, data, params);
  },
  async safeEncodeAsync(data, params) {
    return safeEncodeAsync(this, data, params);
  },
  async safeDecodeAsync(data, params) {
    return safeDecodeAsync(this, data, params);
  },
  toJSONSchema(params) {
    return createToJSONSchemaMethod(this, {})(params);
  },
  // Reads through to the registry on every access, so it must not cache.
  get description() {
    return globalRegistry.get(this)?.description;
  },
  // No setter: `schema._def = x` throws, as it did when `_def` was a non-writable own property.
  get _def() {
    return this._zod.def;
  }
});
var _ZodString = /* @__PURE__ */ $constructor(
  "_ZodString",
  (inst, def) => {
    $ZodString.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => stringProcessor(inst, ctx, json, params);
  },
  /* @__PURE__ */ util_exports.derived({
    format: (inst) => aggregateChecks(inst).format ?? null,
    minLength: (inst) => aggregateChecks(inst).minimum ?? null,
    maxLength: (inst) => aggregateChecks(inst).maximum ?? null
  }, {
    regex(...args) {
      return this.check(_regex(...args));
    },
    includes(...args) {
      return this.check(_includes(...args));
    },
    startsWith(...args) {
      return this.check(_startsWith(...args));
    },
    endsWith(...args) {
      return this.check(_endsWith(...args));
    },
    min(...args) {
      return this.check(_minLength(...args));
    },
    max(...args) {
      return this.check(_maxLength(...args));
    },
    length(...args) {
      return this.check(_length(...args));
    },
    nonempty(...args) {
      return this.check(_minLength(1, ...args));
    },
    lowercase(params) {
      return this.check(_lowercase(params));
    },
    uppercase(params) {
      return this.check(_uppercase(params));
    },
    trim() {
      return this.check(_trim());
    },
    normalize(...args) {
      return this.check(_normalize(...args));
    },
    toLowerCase() {
      return this.check(_toLowerCase());
    },
    toUpperCase() {
      return this.check(_toUpperCase());
    },
    slugify() {
      return this.check(_slugify());
    }
  })
);
var ZodString = /* @__PURE__ */ $constructor("ZodString", (inst, def) => {
  $ZodString.init(inst, def);
  _ZodString.init(inst, def);
}, {
  email(params) {
    return this.check(_email(ZodEmail, params));
  },
  url(params) {
    return this.check(_url(ZodURL, params));
  },
  jwt(params) {
    return this.check(_jwt(ZodJWT, params));
  },
  emoji(params) {
    return this.check(_emoji2(ZodEmoji, params));
  },
  guid(params) {
    return this.check(_guid(ZodGUID, params));
  },
  uuid(params) {
    return this.check(_uuid(ZodUUID, params));
  },
  uuidv4(params) {
    return this.check(_uuidv4(ZodUUID, params));
  },
  uuidv6(params) {
    return this.check(_uuidv6(ZodUUID, params));
  },
  uuidv7(params) {
    return this.check(_uuidv7(ZodUUID, params));
  },
  nanoid(params) {
    return this.check(_nanoid(ZodNanoID, params));
  },
  cuid(params) {
    return this.check(_cuid(ZodCUID, params));
  },
  cuid2(params) {
    return this.check(_cuid2(ZodCUID2, params));
  },
  ulid(params) {
    return this.check(_ulid(ZodULID, params));
  },
  base64(params) {
    return this.check(_base64(ZodBase64, params));
  },
  base64url(params) {
    return this.check(_base64url(ZodBase64URL, params));
  },
  xid(params) {
    return this.check(_xid(ZodXID, params));
  },
  ksuid(params) {
    return this.check(_ksuid(ZodKSUID, params));
  },
  ipv4(params) {
    return this.check(_ipv4(ZodIPv4, params));
  },
  ipv6(params) {
    return this.check(_ipv6(ZodIPv6, params));
  },
  cidrv4(params) {
    return this.check(_cidrv4(ZodCIDRv4, params));
  },
  cidrv6(params) {
    return this.check(_cidrv6(ZodCIDRv6, params));
  },
  e164(params) {
    return this.check(_e164(ZodE164, params));
  },
  datetime(params) {
    return this.check(_isoDateTime(ZodISODateTime, params));
  },
  date(params) {
    return this.check(_isoDate(ZodISODate, params));
  },
  time(params) {
    return this.check(_isoTime(ZodISOTime, params));
  },
  duration(params) {
    return this.check(_isoDuration(ZodISODuration, params));
  }
});
function string2(params) {
  return _string(ZodString, params);
}
var ZodStringFormat = /* @__PURE__ */ $constructor("ZodStringFormat", (inst, def) => {
  $ZodStringFormat.init(inst, def);
  _ZodString.init(inst, def);
});
var ZodISODateTime = /* @__PURE__ */ $constructor("ZodISODateTime", (inst, def) => {
  $ZodISODateTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODate = /* @__PURE__ */ $constructor("ZodISODate", (inst, def) => {
  $ZodISODate.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISOTime = /* @__PURE__ */ $constructor("ZodISOTime", (inst, def) => {
  $ZodISOTime.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodISODuration = /* @__PURE__ */ $constructor("ZodISODuration", (inst, def) => {
  $ZodISODuration.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodEmail = /* @__PURE__ */ $constructor("ZodEmail", (inst, def) => {
  $ZodEmail.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodGUID = /* @__PURE__ */ $constructor("ZodGUID", (inst, def) => {
  $ZodGUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodUUID = /* @__PURE__ */ $constructor("ZodUUID", (inst, def) => {
  $ZodUUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodURL = /* @__PURE__ */ $constructor("ZodURL", (inst, def) => {
  $ZodURL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodEmoji = /* @__PURE__ */ $constructor("ZodEmoji", (inst, def) => {
  $ZodEmoji.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodNanoID = /* @__PURE__ */ $constructor("ZodNanoID", (inst, def) => {
  $ZodNanoID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCUID = /* @__PURE__ */ $constructor("ZodCUID", (inst, def) => {
  $ZodCUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCUID2 = /* @__PURE__ */ $constructor("ZodCUID2", (inst, def) => {
  $ZodCUID2.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodULID = /* @__PURE__ */ $constructor("ZodULID", (inst, def) => {
  $ZodULID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodXID = /* @__PURE__ */ $constructor("ZodXID", (inst, def) => {
  $ZodXID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodKSUID = /* @__PURE__ */ $constructor("ZodKSUID", (inst, def) => {
  $ZodKSUID.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodIPv4 = /* @__PURE__ */ $constructor("ZodIPv4", (inst, def) => {
  $ZodIPv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodIPv6 = /* @__PURE__ */ $constructor("ZodIPv6", (inst, def) => {
  $ZodIPv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCIDRv4 = /* @__PURE__ */ $constructor("ZodCIDRv4", (inst, def) => {
  $ZodCIDRv4.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodCIDRv6 = /* @__PURE__ */ $constructor("ZodCIDRv6", (inst, def) => {
  $ZodCIDRv6.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodBase64 = /* @__PURE__ */ $constructor("ZodBase64", (inst, def) => {
  $ZodBase64.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodBase64URL = /* @__PURE__ */ $constructor("ZodBase64URL", (inst, def) => {
  $ZodBase64URL.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodE164 = /* @__PURE__ */ $constructor("ZodE164", (inst, def) => {
  $ZodE164.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodJWT = /* @__PURE__ */ $constructor("ZodJWT", (inst, def) => {
  $ZodJWT.init(inst, def);
  ZodStringFormat.init(inst, def);
});
var ZodNumber = /* @__PURE__ */ $constructor(
  "ZodNumber",
  (inst, def) => {
    $ZodNumber.init(inst, def);
    ZodType.init(inst, def);
    inst._zod.processJSONSchema = (ctx, json, params) => numberProcessor(inst, ctx, json, params);
    inst.isFinite = true;
  },
  /* @__PURE__ */ util_exports.derived({
    minValue: (inst) => {
      const { minimum, exclusiveMinimum } = aggregateChecks(inst);
      return Math.max(minimum ?? Number.NEGATIVE_INFINITY, exclusiveMinimum ?? Number.NEGATIVE_INFINITY);
    },
    maxValue: (inst) => {
      const { maximum, exclusiveMaximum } = aggregateChecks(inst);
      return Math.min(maximum ?? Number.POSITIVE_INFINITY, exclusiveMaximum ?? Number.POSITIVE_INFINITY);
    },
    isInt: (inst) => {
      const { isInt, multipleOf } = aggregateChecks(inst);
      return !!isInt || !!multipleOf?.some(Number.isSafeInteger);
    },
    format: (inst) => aggregateChecks(inst).format ?? null
  }, {
    gt(value, params) {
      return this.check(_gt(value, params));
    },
    gte(value, params) {
      return this.check(_gte(value, params));
    },
    min(value, params) {
      return this.check(_gte(value, params));
    },
    lt(value, params) {
      return this.check(_lt(value, params));
    },
    lte(value, params) {
      return this.check(_lte(value, params));
    },
    max(value, params) {
      return this.check(_lte(value, params));
    },
    int(params) {
      return this.check(int(params));
    },
    safe(params) {
      return this.check(int(params));
    },
    positive(params) {
      return this.check(_gt(0, params));
    },
    nonnegative(params) {
      return this.check(_gte(0, params));
    },
    negative(params) {
      return this.check(_lt(0, params));
    },
    nonpositive(params) {
      return this.check(_lte(0, params));
    },
    multipleOf(value, params) {
      return this.check(_multipleOf(value, params));
    },
    step(value, params) {
      return this.check(_multipleOf(value, params));
    },
    finite() {
      return this;
    }
  })
);
function number2(params) {
  return _number(ZodNumber, params);
}
var ZodNumberFormat = /* @__PURE__ */ $constructor("ZodNumberFormat", (inst, def) => {
  $ZodNumberFormat.init(inst, def);
  ZodNumber.init(inst, def);
});
function int(params) {
  return _int(ZodNumberFormat, params);
}
var ZodBoolean = /* @__PURE__ */ $constructor("ZodBoolean", (inst, def) => {
  $ZodBoolean.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => booleanProcessor(inst, ctx, json, params);
});
function boolean2(params) {
  return _boolean(ZodBoolean, params);
}
var ZodUnknown = /* @__PURE__ */ $constructor("ZodUnknown", (inst, def) => {
  $ZodUnknown.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => unknownProcessor(inst, ctx, json, params);
});
function unknown() {
  return _unknown(ZodUnknown);
}
var ZodNever = /* @__PURE__ */ $constructor("ZodNever", (inst, def) => {
  $ZodNever.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => neverProcessor(inst, ctx, json, params);
});
function never(params) {
  return _never(ZodNever, params);
}
var ZodArray = /* @__PURE__ */ $constructor("ZodArray", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodArray.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => arrayProcessor(inst, ctx, json, params);
  inst.element = def.element;
}, {
  min(n, params) {
    return this.check(_minLength(n, params));
  },
  nonempty(params) {
    return this.check(_minLength(1, params));
  },
  max(n, params) {
    return this.check(_maxLength(n, params));
  },
  length(n, params) {
    return this.check(_length(n, params));
  },
  unwrap() {
    return this.element;
  }
});
function array(element, params) {
  return _array(ZodArray, element, params);
}
var ZodObject = /* @__PURE__ */ $constructor("ZodObject", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodObjectJIT.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => objectProcessor(inst, ctx, json, params);
  util_exports.installLazyProp(inst, "shape", (self) => self._zod.def.shape, false);
}, {
  keyof() {
    return _enum(Object.keys(this._zod.def.shape));
  },
  catchall(catchall) {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall }));
  },
  passthrough() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  loose() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: unknown() }));
  },
  strict() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: never() }));
  },
  strip() {
    return this.clone(util_exports.mergeDefs(this._zod.def, { catchall: void 0 }));
  },
  extend(incoming) {
    return util_exports.extend(this, incoming);
  },
  safeExtend(incoming) {
    return util_exports.safeExtend(this, incoming);
  },
  merge(other) {
    return util_exports.merge(this, other);
  },
  pick(mask) {
    return util_exports.pick(this, mask);
  },
  omit(mask) {
    return util_exports.omit(this, mask);
  },
  partial(...args) {
    return util_exports.partial(ZodOptional, this, args[0]);
  },
  exactPartial(...args) {
    return util_exports.partial(ZodExactOptional, this, args[0], "exactPartial");
  },
  required(...args) {
    return util_exports.required(ZodNonOptional, this, args[0]);
  }
});
function object(shape, params) {
  const def = {
    type: "object",
    shape: shape ?? {},
    ...util_exports.normalizeParams(params)
  };
  return new ZodObject(def);
}
function strictObject(shape, params) {
  return new ZodObject({
    type: "object",
    shape,
    catchall: never(),
    ...util_exports.normalizeParams(params)
  });
}
var ZodUnion = /* @__PURE__ */ $constructor("ZodUnion", (inst, def) => {
  $ZodUnion.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => unionProcessor(inst, ctx, json, params);
  inst.options = def.options;
});
function union(options, params) {
  return new ZodUnion({
    type: "union",
    options,
    ...util_exports.normalizeParams(params)
  });
}
var ZodDiscriminatedUnion = /* @__PURE__ */ $constructor("ZodDiscriminatedUnion", (inst, def) => {
  ZodUnion.init(inst, def);
  $ZodDiscriminatedUnion.init(inst, def);
});
function discriminatedUnion(discriminator, options, params) {
  return new ZodDiscriminatedUnion({
    type: "union",
    options,
    discriminator,
    ...util_exports.normalizeParams(params)
  });
}
var ZodIntersection = /* @__PURE__ */ $constructor("ZodIntersection", (inst, def) => {
  $ZodIntersection.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => intersectionProcessor(inst, ctx, json, params);
});
function intersection(left, right) {
  return new ZodIntersection({
    type: "intersection",
    left,
    right
  });
}
var ZodTuple = /* @__PURE__ */ $constructor("ZodTuple", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodTuple.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => tupleProcessor(inst, ctx, json, params);
}, {
  rest(rest) {
    return this.clone({
      ...this._zod.def,
      rest
    });
  },
  partial() {
    const def = this._zod.def;
    if (def.checks?.length)
      throw new Error(".partial() cannot be used on tuple schemas containing refinements");
    return this.clone({
      ...def,
      items: def.items.map((item) => new ZodOptional({ type: "optional", innerType: item }))
    });
  }
});
function tuple(items, _paramsOrRest, _params) {
  const hasRest = _paramsOrRest instanceof $ZodType;
  const params = hasRest ? _params : _paramsOrRest;
  const rest = hasRest ? _paramsOrRest : null;
  return new ZodTuple({
    type: "tuple",
    items,
    rest,
    ...util_exports.normalizeParams(params)
  });
}
var ZodRecord = /* @__PURE__ */ $constructor("ZodRecord", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodRecord.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => recordProcessor(inst, ctx, json, params);
  inst.keyType = def.keyType;
  inst.valueType = def.valueType;
});
function record(keyType, valueType, params) {
  if (!valueType || !valueType._zod) {
    return new ZodRecord({
      type: "record",
      keyType: string2(),
      valueType: keyType,
      ...util_exports.normalizeParams(valueType)
    });
  }
  return new ZodRecord({
    type: "record",
    keyType,
    valueType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodEnum = /* @__PURE__ */ $constructor("ZodEnum", (inst, def) => {
  $ZodEnum.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => enumProcessor(inst, ctx, json, params);
  inst.enum = def.entries;
  inst.options = [...inst._zod.values];
  const keys = new Set(Object.keys(def.entries));
  inst.extract = (values, params) => {
    const newEntries = {};
    for (const value of values) {
      if (keys.has(value)) {
        newEntries[value] = def.entries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
  inst.exclude = (values, params) => {
    const newEntries = { ...def.entries };
    for (const value of values) {
      if (keys.has(value)) {
        delete newEntries[value];
      } else
        throw new Error(`Key ${value} not found in enum`);
    }
    return new ZodEnum({
      ...def,
      checks: [],
      ...util_exports.normalizeParams(params),
      entries: newEntries
    });
  };
});
function _enum(values, params) {
  const entries2 = Array.isArray(values) ? Object.fromEntries(values.map((v) => [v, v])) : values;
  return new ZodEnum({
    type: "enum",
    entries: entries2,
    ...util_exports.normalizeParams(params)
  });
}
var ZodLiteral = /* @__PURE__ */ $constructor("ZodLiteral", (inst, def) => {
  $ZodLiteral.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => literalProcessor(inst, ctx, json, params);
  inst.values = new Set(def.values);
  Object.defineProperty(inst, "value", {
    get() {
      if (def.values.length > 1) {
        throw new Error("This schema contains multiple valid literal values. Use `.values` instead.");
      }
      return def.values[0];
    }
  });
});
function literal(value, params) {
  return new ZodLiteral({
    type: "literal",
    values: Array.isArray(value) ? value : [value],
    ...util_exports.normalizeParams(params)
  });
}
var ZodTransform = /* @__PURE__ */ $constructor("ZodTransform", (inst, def) => {
  _ensureDefaultMemoizer();
  $ZodTransform.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => transformProcessor(inst, ctx, json, params);
  inst._zod.parse = (payload, _ctx) => {
    if (_ctx.direction === "backward") {
      throw new $ZodEncodeError(inst.constructor.name);
    }
    payload.addIssue = (issue2) => {
      if (typeof issue2 === "string") {
        payload.issues.push(util_exports.issue(issue2, payload.value, def));
      } else {
        const _issue = issue2;
        if (_issue.fatal)
          _issue.continue = false;
        _issue.code ?? (_issue.code = "custom");
        if (!("input" in _issue))
          _issue.input = payload.value;
        _issue.inst ?? (_issue.inst = inst);
        payload.issues.push(util_exports.issue(_issue));
      }
    };
    const output = def.transform(payload.value, payload);
    if (output instanceof Promise) {
      return output.then((output2) => {
        payload.value = output2;
        return payload;
      });
    }
    payload.value = output;
    return payload;
  };
});
function transform(fn) {
  return new ZodTransform({
    type: "transform",
    transform: fn
  });
}
var ZodOptional = /* @__PURE__ */ $constructor("ZodOptional", (inst, def) => {
  $ZodOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function optional(innerType) {
  return new ZodOptional({
    type: "optional",
    innerType
  });
}
var ZodExactOptional = /* @__PURE__ */ $constructor("ZodExactOptional", (inst, def) => {
  $ZodExactOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => optionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function exactOptional(innerType) {
  return new ZodExactOptional({
    type: "optional",
    innerType
  });
}
var ZodNullable = /* @__PURE__ */ $constructor("ZodNullable", (inst, def) => {
  $ZodNullable.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nullableProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nullable(innerType) {
  return new ZodNullable({
    type: "nullable",
    innerType
  });
}
var ZodDefault = /* @__PURE__ */ $constructor("ZodDefault", (inst, def) => {
  $ZodDefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => defaultProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeDefault = inst.unwrap;
});
function _default(innerType, defaultValue) {
  return new ZodDefault({
    type: "default",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodPrefault = /* @__PURE__ */ $constructor("ZodPrefault", (inst, def) => {
  $ZodPrefault.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => prefaultProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function prefault(innerType, defaultValue) {
  return new ZodPrefault({
    type: "prefault",
    innerType,
    get defaultValue() {
      return typeof defaultValue === "function" ? defaultValue() : util_exports.shallowClone(defaultValue);
    }
  });
}
var ZodNonOptional = /* @__PURE__ */ $constructor("ZodNonOptional", (inst, def) => {
  $ZodNonOptional.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => nonoptionalProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function nonoptional(innerType, params) {
  return new ZodNonOptional({
    type: "nonoptional",
    innerType,
    ...util_exports.normalizeParams(params)
  });
}
var ZodCatch = /* @__PURE__ */ $constructor("ZodCatch", (inst, def) => {
  $ZodCatch.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => catchProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
  inst.removeCatch = inst.unwrap;
});
function _catch(innerType, catchValue) {
  return new ZodCatch({
    type: "catch",
    innerType,
    catchValue: typeof catchValue === "function" ? catchValue : util_exports.constantCatch(catchValue)
  });
}
var ZodPipe = /* @__PURE__ */ $constructor("ZodPipe", (inst, def) => {
  $ZodPipe.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => pipeProcessor(inst, ctx, json, params);
  inst.in = def.in;
  inst.out = def.out;
});
function pipe(in_, out) {
  return new ZodPipe({
    type: "pipe",
    in: in_,
    out
    // ...util.normalizeParams(params),
  });
}
var ZodReadonly = /* @__PURE__ */ $constructor("ZodReadonly", (inst, def) => {
  $ZodReadonly.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => readonlyProcessor(inst, ctx, json, params);
  inst.unwrap = () => inst._zod.def.innerType;
});
function readonly(innerType) {
  return new ZodReadonly({
    type: "readonly",
    innerType
  });
}
var ZodCustom = /* @__PURE__ */ $constructor("ZodCustom", (inst, def) => {
  $ZodCustom.init(inst, def);
  ZodType.init(inst, def);
  inst._zod.processJSONSchema = (ctx, json, params) => customProcessor(inst, ctx, json, params);
});
function refine(fn, _params = {}) {
  return _refine(ZodCustom, fn, _params);
}
function superRefine(fn, params) {
  return _superRefine(fn, params);
}

// src/results.ts
var RESULTS_SCHEMA = "bench-action/results";
var RESULTS_VERSION = 1;
var UNITS = ["ns", "bytes", "count", "instructions", "ops/s", "bytes/s", "percent"];
var metricSchema = object({
  unit: _enum(UNITS),
  direction: _enum(["lower", "higher"]),
  /** Sampled metrics: one value per counted run, in run order. */
  samples: array(number2()).optional(),
  /** Deterministic metrics: the single exact value. */
  value: number2().optional()
}).refine((m) => m.samples !== void 0 || m.value !== void 0, "a metric needs samples or a value");
var KINDS = ["process", "instructions", "wall-clock", "scaling"];
var gateSchema = object({
  /** Metrics whose verdicts decide pass or fail; the others are reported only. */
  metrics: array(string2()),
  /** Relative change that counts as a regression, as a fraction (0.05 = 5%). */
  threshold: number2().nonnegative(),
  /** Significance level for sampled metrics. */
  alpha: number2().positive().max(1)
});
var benchmarkErrorSchema = object({
  message: string2(),
  exitCode: number2().int().optional(),
  signal: string2().optional(),
  timedOut: boolean2().optional(),
  stderrTail: string2().optional()
});
var functionCostSchema = object({
  name: string2(),
  /** File name of the ELF object defining it. */
  object: string2(),
  self: number2(),
  inclusive: number2()
});
var benchmarkResultSchema = object({
  /** Unique within a suite: the name plus its parameter point. */
  id: string2().min(1),
  name: string2().min(1),
  kind: _enum(KINDS),
  parameters: record(string2(), union([string2(), number2()])).default({}),
  command: array(string2()).optional(),
  status: _enum(["ok", "failed"]),
  error: benchmarkErrorSchema.optional(),
  metrics: record(string2(), metricSchema),
  gate: gateSchema,
  /** Free-form notes from measurement (outliers, slow first run, missing helper). */
  notes: array(string2()).default([]),
  /** Instruction kinds: the functions with the largest self Ir. */
  functions: array(functionCostSchema).optional()
});
var environmentSchema = object({
  os: string2(),
  arch: string2(),
  cpuModel: string2(),
  cpuCount: number2().int(),
  kernel: string2(),
  glibc: string2().optional(),
  node: string2(),
  /** Versions of the tools the measurements depend on: cc, valgrind, zig, rustc. */
  tools: record(string2(), string2()).default({}),
  /** GitHub-hosted runner image (ImageOS/ImageVersion) when there is one. */
  runnerImage: string2().optional()
});
var commitSchema = object({
  sha: string2().optional(),
  ref: string2().optional(),
  branch: string2().optional(),
  /** The working tree had uncommitted changes when measured. */
  dirty: boolean2().optional()
});
var resultSetSchema = object({
  schema: literal(RESULTS_SCHEMA),
  version: literal(RESULTS_VERSION),
  suite: string2().min(1),
  commit: commitSchema,
  createdAt: string2(),
  environment: environmentSchema,
  benchmarks: array(benchmarkResultSchema)
});
var ResultsFormatError = class extends Error {
  name = "ResultsFormatError";
};
function parseResultSet(data, source) {
  if (typeof data === "object" && data !== null) {
    const d = data;
    if (d.schema !== RESULTS_SCHEMA) {
      throw new ResultsFormatError(
        `${source}: not a bench-action results file (schema is ${JSON.stringify(d.schema)})`
      );
    }
    if (typeof d.version === "number" && d.version > RESULTS_VERSION) {
      throw new ResultsFormatError(
        `${source}: results format version ${d.version} is newer than this bench-action reads (${RESULTS_VERSION}); upgrade bench-action`
      );
    }
  }
  const parsed = resultSetSchema.safeParse(data);
  if (!parsed.success) {
    const issue2 = parsed.error.issues[0];
    const where = issue2.path.length ? issue2.path.map(String).join(".") : "(top level)";
    throw new ResultsFormatError(`${source}: invalid results at ${where}: ${issue2.message}`);
  }
  return parsed.data;
}
function parseResultSetText(text, source) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new ResultsFormatError(`${source}: not valid JSON (${e.message})`);
  }
  return parseResultSet(data, source);
}

// src/store/dir.ts
var NO_BRANCH = "detached-head";
function branchKey(branch) {
  return encodeURIComponent(branch).replace(/\./g, "%2E");
}
function timestampKey(iso) {
  return iso.replace(/[-:]/g, "").replace(/\.(\d{3})\d*Z$/, "$1Z");
}
function fromTimestampKey(key) {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/.exec(key);
  if (!m) return void 0;
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}.${m[7] ?? "000"}Z`;
}
var DirStore = class {
  constructor(root) {
    this.root = root;
  }
  root;
  dirFor(suite, branch) {
    return path.join(this.root, suite, branchKey(branch));
  }
  async save(results) {
    const dir = this.dirFor(results.suite, results.commit.branch ?? NO_BRANCH);
    await mkdir(dir, { recursive: true });
    const ignore = path.join(this.root, ".gitignore");
    if (!await exists(ignore)) await writeFile(ignore, "# bench-action results store\n*\n");
    const sha = results.commit.sha?.slice(0, 12) ?? "nosha";
    let file = path.join(dir, `${timestampKey(results.createdAt)}-${sha}.json`);
    for (let i = 1; await exists(file); i++)
      file = path.join(dir, `${timestampKey(results.createdAt)}-${sha}-${i}.json`);
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, `${JSON.stringify(results, null, 2)}
`);
    await rename(tmp, file);
    return file;
  }
  /** Entries for one suite and branch, newest first. */
  async list(suite, branch) {
    const dir = this.dirFor(suite, branch);
    let names;
    try {
      names = await readdir(dir);
    } catch {
      return [];
    }
    const entries2 = [];
    for (const name of names) {
      const m = /^(\d{8}T\d{6}\d{0,3}Z)-([0-9a-f]+|nosha)(?:-\d+)?\.json$/.exec(name);
      if (!m) continue;
      const createdAt = fromTimestampKey(m[1]);
      if (!createdAt) continue;
      entries2.push({
        path: path.join(dir, name),
        suite,
        branch,
        sha: m[2] === "nosha" ? void 0 : m[2],
        createdAt
      });
    }
    return entries2.sort((a, b) => a.path < b.path ? 1 : a.path > b.path ? -1 : 0);
  }
  async load(entry) {
    const file = typeof entry === "string" ? entry : entry.path;
    return parseResultSetText(await readFile(file, "utf8"), file);
  }
};
async function exists(file) {
  try {
    await readFile(file);
    return true;
  } catch {
    return false;
  }
}
function entryMatchesSha(entry, sha) {
  return sha !== void 0 && entry.sha !== void 0 && sha.startsWith(entry.sha);
}

// src/baseline.ts
var HISTORY_RUNS = 10;
var BaselineUsageError = class extends Error {
  name = "BaselineUsageError";
};
async function firstReadable(store, candidates, warnings) {
  for (const c of candidates) {
    for (const e of c.entries) {
      try {
        const results = await store.load(e);
        return { baseline: { results, source: e.path, reason: c.reason(e) }, entry: e };
      } catch (err) {
        warnings.push(`skipped unreadable baseline ${e.path}: ${err.message}`);
      }
    }
  }
  return void 0;
}
async function chooseBaseline(q) {
  const warnings = [];
  const own2 = q.head.branch ? await q.store.list(q.suite, q.head.branch) : [];
  const base = q.defaultBranch && q.defaultBranch !== q.head.branch ? await q.store.list(q.suite, q.defaultBranch) : [];
  const atMergeBase = base.filter((e) => entryMatchesSha(e, q.mergeBase));
  const sameCommit = (e) => entryMatchesSha(e, q.head.sha) ? " (same commit)" : "";
  const ownNewest = {
    entries: own2,
    reason: (e) => `newest results on this branch (${q.head.branch})${sameCommit(e)}`
  };
  const mergeBaseCandidate = {
    entries: atMergeBase,
    reason: () => `results of the merge base with ${q.defaultBranch}`
  };
  const baseNewest = {
    entries: base,
    reason: (e) => q.mergeBase ? `newest results on ${q.defaultBranch} (${shortSha(e.sha)}); none stored for the merge base ${shortSha(q.mergeBase)}` : `newest results on ${q.defaultBranch}`
  };
  const order = q.pullRequest ? [mergeBaseCandidate, baseNewest, ownNewest] : [ownNewest, mergeBaseCandidate, baseNewest];
  const found = await firstReadable(q.store, order, warnings);
  if (found) {
    return {
      baseline: found.baseline,
      warnings,
      history: await branchHistory(q.store, q.suite, found.entry.branch)
    };
  }
  const looked = [q.head.branch, q.defaultBranch].filter((b, i, all) => b && all.indexOf(b) === i).join(" or ");
  return {
    warnings,
    noBaselineReason: `nothing stored for suite "${q.suite}"${looked ? ` on ${looked}` : ""} in ${q.store.root}`
  };
}
async function branchHistory(store, suite, branch) {
  const results = [];
  for (const e of (await store.list(suite, branch)).slice(0, HISTORY_RUNS)) {
    try {
      results.push(await store.load(e));
    } catch {
    }
  }
  return { branch, results };
}
async function explicitBaseline(file, store) {
  try {
    const results = await store.load(file);
    return {
      baseline: { results, source: file, reason: `the file given as --baseline (${file})` },
      warnings: []
    };
  } catch (err) {
    return {
      warnings: [`skipped unreadable baseline ${file}: ${err.message}`],
      noBaselineReason: `the baseline file ${file} could not be read`
    };
  }
}

// src/formats/callgrind.ts
import { createReadStream } from "node:fs";
var CallgrindFormatError = class extends Error {
  constructor(source, line, problem) {
    super(`${source}:${line}: ${problem}`);
    this.source = source;
    this.line = line;
    this.problem = problem;
  }
  source;
  line;
  problem;
  name = "CallgrindFormatError";
};
function functionKey(object2, name) {
  return `${object2}\0${name}`;
}
var RECURSION_LEVEL = /'\d+$/;
var SUBPOSITION = /^(?:0x[0-9a-fA-F]+|[+-]?\d+|\*)$/;
var COUNTER = /^-?\d+$/;
var CALL_COUNT = /^\d+$/;
var COMPRESSED_NAME = /^\((\d+)\)\s*(.*)$/;
var HEADER_LINE = /^([A-Za-z][A-Za-z0-9_-]*):\s*(.*)$/;
var SPEC_LINE = /^([a-z]+)=(.*)$/;
var POSITION_NAMES = /* @__PURE__ */ new Set(["instr", "bb", "line"]);
var NAME_KIND = {
  ob: "object",
  cob: "object",
  fl: "file",
  fi: "file",
  fe: "file",
  cfi: "file",
  cfl: "file",
  jfi: "file",
  fn: "function",
  cfn: "function",
  jfn: "function"
};
function addCosts(into, from) {
  for (const [event, value] of Object.entries(from)) into[event] = (into[event] ?? 0) + value;
}
function zeroCosts(events) {
  return Object.fromEntries(events.map((event) => [event, 0]));
}
function withAllEvents(costs, events) {
  const out = zeroCosts(events);
  addCosts(out, costs);
  return out;
}
function quote(text) {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}
function ownCopy(text) {
  return Buffer.from(text, "utf8").toString("utf8");
}
function createCallgrindParser(source) {
  const fail = (line, problem) => {
    throw new CallgrindFormatError(source, line, problem);
  };
  const nameTables = {
    object: /* @__PURE__ */ new Map(),
    file: /* @__PURE__ */ new Map(),
    function: /* @__PURE__ */ new Map()
  };
  const functions = /* @__PURE__ */ new Map();
  const parts = [];
  let creator;
  let sawEvents = false;
  let events = [];
  let positions = ["line"];
  let current;
  let object2 = "";
  let file = "";
  let lineFile = "";
  let fn;
  let callObject;
  let callFile;
  let callTarget;
  let pendingCall;
  const startPart = (line) => {
    object2 = "";
    file = "";
    lineFile = "";
    fn = void 0;
    callObject = void 0;
    callFile = void 0;
    callTarget = void 0;
    const part = {
      part: {
        source,
        line,
        desc: {},
        events,
        positions,
        totals: {},
        totalsFrom: "self costs",
        sumOfSelf: zeroCosts(events)
      },
      hasBody: false
    };
    parts.push(part);
    return part;
  };
  const partForHeader = (line) => {
    if (current === void 0 || current.hasBody) current = startPart(line);
    return current;
  };
  const partForBody = (line) => {
    current ??= startPart(line);
    current.hasBody = true;
    return current;
  };
  const resolveName = (spec, value, line) => {
    const kind = NAME_KIND[spec];
    const table2 = nameTables[kind];
    const compressed = COMPRESSED_NAME.exec(value);
    if (compressed === null) return ownCopy(value);
    const [, id, name] = compressed;
    if (name !== "") {
      const kept = ownCopy(name);
      table2.set(id, kept);
      return kept;
    }
    const known = table2.get(id);
    if (known === void 0) {
      return fail(line, `${spec}=(${id}) refers to a ${kind} name that no earlier "(${id}) name" defined`);
    }
    return known;
  };
  const functionFor = (objectName, rawName, fileName) => {
    const name = rawName.replace(RECURSION_LEVEL, "");
    const key = functionKey(objectName, name);
    let builder = functions.get(key);
    if (builder === void 0) {
      builder = { name, object: objectName, file: fileName, self: {}, calls: 0, callees: /* @__PURE__ */ new Map() };
      functions.set(key, builder);
    }
    return builder;
  };
  const counters = [];
  const readCounters = (tokens, from, line, what) => {
    if (events.length === 0) {
      return fail(line, `${what} before the "events:" header line that names its counters`);
    }
    const count2 = tokens.length - from;
    if (count2 > events.length) {
      return fail(
        line,
        `${what} has ${count2} counters but "events:" names ${events.length} (${events.join(" ")})`
      );
    }
    for (let i = 0; i < count2; i++) {
      const token = tokens[from + i];
      if (!COUNTER.test(token)) {
        return fail(
          line,
          `expected a counter (an integer) for event ${events[i]} in ${what}, found ${quote(token)}`
        );
      }
      counters[i] = Number(token);
    }
    return count2;
  };
  const addCounters = (into, count2) => {
    for (let i = 0; i < count2; i++) {
      const event = events[i];
      into[event] = (into[event] ?? 0) + counters[i];
    }
  };
  const parseCounters = (tokens, from, line, what) => {
    const count2 = readCounters(tokens, from, line, what);
    const costs = zeroCosts(events);
    addCounters(costs, count2);
    return costs;
  };
  const checkSubpositions = (tokens, from, count2, line, what) => {
    for (let i = from; i < from + count2; i++) {
      const token = tokens[i];
      if (token === void 0 || !SUBPOSITION.test(token)) {
        fail(
          line,
          `expected ${positions.join(" ")} position${positions.length > 1 ? "s" : ""} (a number, +N, -N, * or 0x…) at the start of ${what}, found ${token === void 0 ? "the end of the line" : quote(token)}`
        );
      }
    }
  };
  const checkTargetCount = (spec, count2, line) => {
    if (count2 === 0 && positions.length > 0) fail(line, `${spec}= line without a target position`);
    if (count2 > positions.length) {
      fail(line, `${spec}= target has ${count2} positions but "positions:" names ${positions.length}`);
    }
  };
  const costLine = (raw, line) => {
    const tokens = raw.trim().split(/\s+/);
    const what = pendingCall ? `the cost line of the call on line ${pendingCall.line}` : "a cost line";
    checkSubpositions(tokens, 0, positions.length, line, what);
    const count2 = readCounters(tokens, positions.length, line, what);
    const part = partForBody(line).part;
    if (pendingCall) {
      const caller = fn ?? fail(pendingCall.line, "calls= line before any fn= line");
      const { target, count: calls } = pendingCall;
      const callee = functionFor(target.object, target.name, target.file);
      const key = functionKey(callee.object, callee.name);
      let call = caller.callees.get(key);
      if (call === void 0) {
        call = { count: 0, inclusive: {} };
        caller.callees.set(key, call);
      }
      call.count += calls;
      addCounters(call.inclusive, count2);
      callee.calls += calls;
      pendingCall = void 0;
      return;
    }
    const owner = fn ?? fail(line, "cost line before any fn= line");
    addCounters(owner.self, count2);
    addCounters(part.sumOfSelf, count2);
  };
  const callLine = (value, line) => {
    const tokens = value.trim().split(/\s+/);
    const count2 = tokens[0] ?? "";
    if (!CALL_COUNT.test(count2))
      fail(line, `expected "calls=COUNT TARGET-POSITION", found ${quote(`calls=${value}`)}`);
    checkTargetCount("calls", tokens.length - 1, line);
    checkSubpositions(tokens, 1, tokens.length - 1, line, "the calls= target");
    const target = callTarget ?? fail(line, "calls= line without a cfn= line naming the called function");
    pendingCall = { line, count: Number(count2), target };
  };
  const jumpLine = (spec, value, line) => {
    const tokens = value.trim().split(/\s+/);
    let from = 1;
    const first = tokens[0] ?? "";
    const counts = spec === "jcnd" && first.includes("/") ? first.split("/") : [first];
    if (spec === "jcnd" && counts.length === 1) {
      counts.push(tokens[1] ?? "");
      from = 2;
    }
    if (counts.length !== (spec === "jcnd" ? 2 : 1) || !counts.every((c) => CALL_COUNT.test(c))) {
      const form = spec === "jcnd" ? "jcnd=EXECUTED/FOLLOWED TARGET" : "jump=COUNT TARGET";
      fail(line, `expected "${form}", found ${quote(`${spec}=${value}`)}`);
    }
    checkTargetCount(spec, tokens.length - from, line);
    checkSubpositions(tokens, from, tokens.length - from, line, `the ${spec}= target`);
  };
  const specLine = (spec, value, line) => {
    if (pendingCall) {
      fail(
        line,
        `expected the cost line of the call on line ${pendingCall.line}, found ${quote(`${spec}=${value}`)}`
      );
    }
    partForBody(line);
    switch (spec) {
      case "ob":
        object2 = resolveName(spec, value, line);
        return;
      case "fl":
        file = resolveName(spec, value, line);
        lineFile = file;
        return;
      case "fi":
      case "fe":
        lineFile = resolveName(spec, value, line);
        return;
      case "jfi":
      case "jfn":
        resolveName(spec, value, line);
        return;
      case "fn":
        fn = functionFor(object2, resolveName(spec, value, line), file);
        return;
      case "cob":
        callObject = resolveName(spec, value, line);
        return;
      case "cfi":
      case "cfl":
        callFile = resolveName(spec, value, line);
        return;
      case "cfn":
        callTarget = {
          object: callObject ?? object2,
          file: callFile ?? lineFile,
          name: resolveName(spec, value, line)
        };
        callObject = void 0;
        callFile = void 0;
        return;
      case "calls":
        callLine(value, line);
        return;
      case "jump":
      case "jcnd":
        jumpLine(spec, value, line);
        return;
      case "ln":
        return;
      default:
        fail(
          line,
          `unknown specification ${quote(`${spec}=`)}; expected one of ob= fl= fi= fe= fn= cob= cfi= cfl= cfn= calls= jump= jcnd= jfi= jfn=`
        );
    }
  };
  const integerHeader = (key, value, line) => {
    if (!/^\d+$/.test(value)) fail(line, `expected a number after "${key}:", found ${quote(value)}`);
    return Number(value);
  };
  const headerLine = (key, value, line) => {
    if (pendingCall) {
      fail(
        line,
        `expected the cost line of the call on line ${pendingCall.line}, found ${quote(`${key}: ${value}`)}`
      );
    }
    if (key === "totals" || key === "summary") {
      const part2 = (current ?? partForHeader(line)).part;
      const costs = parseCounters(value === "" ? [] : value.split(/\s+/), 0, line, `the ${key}: line`);
      if (key === "totals") {
        part2.totalsLine = costs;
        if (current) current.hasBody = true;
      } else {
        part2.summary = costs;
      }
      return;
    }
    const part = partForHeader(line).part;
    switch (key) {
      case "version": {
        const version2 = integerHeader(key, value, line);
        if (version2 !== 1) fail(line, `callgrind format version ${version2} is not supported (only version 1)`);
        return;
      }
      case "creator":
        creator = ownCopy(value);
        return;
      case "pid":
        part.pid = integerHeader(key, value, line);
        return;
      case "thread":
        part.thread = integerHeader(key, value, line);
        return;
      case "part":
        part.part = integerHeader(key, value, line);
        return;
      case "cmd":
        part.cmd = ownCopy(value);
        return;
      case "desc": {
        const colon = value.indexOf(":");
        if (colon < 0) fail(line, `expected "desc: TYPE: VALUE", found ${quote(`desc: ${value}`)}`);
        const type = value.slice(0, colon).trim();
        part.desc[ownCopy(type)] = ownCopy(value.slice(colon + 1).trim());
        if (type === "Trigger") part.trigger = part.desc[type];
        return;
      }
      case "positions": {
        const names = value === "" ? [] : value.split(/\s+/);
        const unknown2 = names.find((name) => !POSITION_NAMES.has(name));
        if (unknown2 !== void 0) {
          fail(line, `unknown position type ${quote(unknown2)}; expected instr and/or line`);
        }
        positions = names;
        part.positions = names;
        return;
      }
      case "events": {
        const names = value === "" ? [] : value.split(/\s+/);
        if (names.length === 0) fail(line, 'expected event names after "events:"');
        const repeated = names.find((name, i) => names.indexOf(name) !== i);
        if (repeated !== void 0) fail(line, `event ${quote(repeated)} is named twice in "events:"`);
        events = names;
        sawEvents = true;
        part.events = names;
        part.sumOfSelf = zeroCosts(names);
        return;
      }
      default:
        return;
    }
  };
  let lineNumber = 0;
  const feed = (raw) => {
    const line = ++lineNumber;
    const first = raw.charCodeAt(0);
    if (raw.trim() === "" || first === 35) return;
    if (first >= 48 && first <= 57 || first === 43 || first === 45 || first === 42) {
      costLine(raw, line);
      return;
    }
    const spec = SPEC_LINE.exec(raw);
    if (spec) {
      specLine(spec[1], spec[2], line);
      return;
    }
    const header = HEADER_LINE.exec(raw);
    if (header) {
      headerLine(header[1], header[2].trim(), line);
      return;
    }
    fail(
      line,
      `expected a header line "key: value", a position spec such as "fn=", or a cost line; found ${quote(raw)}`
    );
  };
  const finish = () => {
    if (pendingCall) {
      fail(pendingCall.line, "calls= line at the end of the file, without the cost line of the call after it");
    }
    if (!sawEvents)
      fail(lineNumber, 'no "events:" header line: this is not a callgrind or cachegrind profile');
    const partList = parts.map(({ part }) => {
      if (part.totalsLine) {
        part.totals = part.totalsLine;
        part.totalsFrom = "totals";
      } else if (part.summary) {
        part.totals = part.summary;
        part.totalsFrom = "summary";
      } else {
        part.totals = { ...part.sumOfSelf };
        part.totalsFrom = "self costs";
      }
      return part;
    });
    const firstPart = partList[0];
    return assembleProfile(
      {
        sources: [source],
        creator,
        cmd: firstPart?.cmd,
        pid: firstPart?.pid,
        desc: firstPart?.desc ?? {},
        parts: partList
      },
      [...functions.entries()].map(([key, f]) => ({
        key,
        name: f.name,
        object: f.object,
        file: f.file,
        self: f.self,
        calls: f.calls,
        callees: [...f.callees.entries()].map(([callee, call]) => ({ callee, ...call }))
      }))
    );
  };
  return { line: feed, finish };
}
async function parseCallgrindFile(file, source = file, chunkBytes = 1 << 20) {
  const parser = createCallgrindParser(source);
  const decoder = new TextDecoder();
  let pending = "";
  for await (const chunk of createReadStream(file, { highWaterMark: chunkBytes })) {
    const text = pending + decoder.decode(chunk, { stream: true });
    const lines = text.split("\n");
    pending = lines.pop();
    for (const raw of lines) parser.line(raw.endsWith("\r") ? raw.slice(0, -1) : raw);
  }
  pending += decoder.decode();
  if (pending !== "") parser.line(pending);
  return parser.finish();
}
function assembleProfile(header, functionCosts2) {
  const events = [];
  for (const part of header.parts) {
    for (const event of part.events) if (!events.includes(event)) events.push(event);
  }
  const totals = zeroCosts(events);
  const sumOfSelf = zeroCosts(events);
  for (const part of header.parts) {
    addCosts(totals, part.totals);
    addCosts(sumOfSelf, part.sumOfSelf);
  }
  const objectsByName = /* @__PURE__ */ new Map();
  for (const f of functionCosts2) {
    const objects = objectsByName.get(f.name) ?? /* @__PURE__ */ new Set();
    objects.add(f.object);
    objectsByName.set(f.name, objects);
  }
  const functions = /* @__PURE__ */ new Map();
  for (const f of functionCosts2) {
    const self = withAllEvents(f.self, events);
    const inclusive = { ...self };
    let recursive2 = false;
    const callees = f.callees.map((call) => ({ ...call, inclusive: withAllEvents(call.inclusive, events) }));
    for (const call of callees) {
      if (call.callee === f.key) recursive2 = true;
      else addCosts(inclusive, call.inclusive);
    }
    const ambiguous = (objectsByName.get(f.name)?.size ?? 0) > 1;
    functions.set(f.key, {
      key: f.key,
      name: f.name,
      object: f.object,
      file: f.file,
      displayName: ambiguous ? `${f.name} [${baseName(f.object)}]` : f.name,
      self,
      inclusive,
      calls: f.calls,
      recursive: recursive2,
      callees
    });
  }
  return { ...header, events, totals, sumOfSelf, functions };
}
function baseName(path12) {
  const slash = path12.lastIndexOf("/");
  return slash < 0 ? path12 : path12.slice(slash + 1);
}
function mergeCallgrindProfiles(profiles) {
  if (profiles.length === 0) throw new Error("no callgrind profiles to merge");
  const merged = /* @__PURE__ */ new Map();
  for (const profile of profiles) {
    for (const f of profile.functions.values()) {
      let into = merged.get(f.key);
      if (into === void 0) {
        into = { ...f, self: {}, calls: 0, callees: [], calleeMap: /* @__PURE__ */ new Map() };
        merged.set(f.key, into);
      }
      addCosts(into.self, f.self);
      into.calls += f.calls;
      for (const call of f.callees) {
        let target = into.calleeMap.get(call.callee);
        if (target === void 0) {
          target = { callee: call.callee, count: 0, inclusive: {} };
          into.calleeMap.set(call.callee, target);
        }
        target.count += call.count;
        addCosts(target.inclusive, call.inclusive);
      }
    }
  }
  const first = profiles[0];
  return assembleProfile(
    {
      sources: profiles.flatMap((p) => p.sources),
      creator: first.creator,
      cmd: first.cmd,
      pid: first.pid,
      desc: first.desc,
      parts: profiles.flatMap((p) => p.parts)
    },
    [...merged.values()].map(({ calleeMap, ...f }) => ({ ...f, callees: [...calleeMap.values()] }))
  );
}

// src/formats/callgrind-metrics.ts
var EVENT_METRICS = [
  ["Ir", "ir"],
  ["Dr", "dr"],
  ["Dw", "dw"],
  ["I1mr", "i1mr"],
  ["D1mr", "d1mr"],
  ["D1mw", "d1mw"],
  ["ILmr", "ilmr"],
  ["DLmr", "dlmr"],
  ["DLmw", "dlmw"],
  ["Bc", "bc"],
  ["Bcm", "bcm"],
  ["Bi", "bi"],
  ["Bim", "bim"]
];
var CACHE_EVENTS = ["Ir", "Dr", "Dw", "I1mr", "D1mr", "D1mw", "ILmr", "DLmr", "DLmw"];
function instructionMetrics(totals) {
  const metrics = {};
  for (const [event, metric] of EVENT_METRICS) {
    const value = totals[event];
    if (value !== void 0) metrics[metric] = value;
  }
  if (CACHE_EVENTS.every((event) => totals[event] !== void 0)) {
    const t = (event) => totals[event];
    const ramHits = t("ILmr") + t("DLmr") + t("DLmw");
    const l1Misses = t("I1mr") + t("D1mr") + t("D1mw");
    const llHits = Math.max(0, l1Misses - ramHits);
    const totalRw = t("Ir") + t("Dr") + t("Dw");
    const l1Hits = Math.max(0, totalRw - ramHits - llHits);
    metrics["l1-hits"] = l1Hits;
    metrics["ll-hits"] = llHits;
    metrics["ram-hits"] = ramHits;
    metrics["total-rw"] = totalRw;
    metrics["estimated-cycles"] = l1Hits + 5 * llHits + 35 * ramHits;
  }
  return metrics;
}
function instructionResultMetrics(totals) {
  const out = {};
  for (const [name, value] of Object.entries(instructionMetrics(totals))) {
    const unit = name === "ir" ? "instructions" : "count";
    out[name] = { unit, direction: "lower", value };
  }
  return out;
}
var CLONE_SUFFIXES = /(?:\.(?:constprop|isra|part|cold|lto_priv|localalias|llvm)(?:\.\d+)?)+$/;
function functionCosts(profile, event = "Ir") {
  const rows = /* @__PURE__ */ new Map();
  for (const f of profile.functions.values()) {
    const name = f.name.replace(CLONE_SUFFIXES, "");
    const object2 = baseName(f.object);
    const key = `${object2}\0${name}`;
    let row = rows.get(key);
    if (row === void 0) {
      row = { name, object: object2, self: 0, inclusive: 0 };
      rows.set(key, row);
    }
    row.self += f.self[event] ?? 0;
    row.inclusive += f.inclusive[event] ?? 0;
  }
  return [...rows.values()].sort((a, b) => b.self - a.self || a.name.localeCompare(b.name));
}
function diffFunctionCosts(base, head, top = 10) {
  const rows = /* @__PURE__ */ new Map();
  const collect2 = (costs, side) => {
    for (const f of costs) {
      const key = `${f.object}\0${f.name}`;
      let row = rows.get(key);
      if (row === void 0) {
        row = { name: f.name, object: f.object, base: 0, head: 0 };
        rows.set(key, row);
      }
      row[side] += f.self;
    }
  };
  collect2(base, "base");
  collect2(head, "head");
  const objectsByName = /* @__PURE__ */ new Map();
  for (const row of rows.values()) objectsByName.set(row.name, (objectsByName.get(row.name) ?? 0) + 1);
  return [...rows.values()].filter((row) => row.head !== row.base).map((row) => {
    const delta = row.head - row.base;
    return {
      name: (objectsByName.get(row.name) ?? 0) > 1 ? `${row.name} [${row.object}]` : row.name,
      base: row.base,
      head: row.head,
      delta,
      deltaPercent: row.base === 0 ? null : delta / row.base * 100
    };
  }).sort((a, b) => Math.abs(b.delta) - Math.abs(a.delta) || a.name.localeCompare(b.name)).slice(0, Math.max(0, top));
}

// src/stats/random.ts
var SeededRandom = class _SeededRandom {
  s0;
  s1;
  s2;
  s3;
  /**
   * A string or number seed is hashed (FNV-1a over its UTF-8 bytes) and expanded with splitmix32
   * into the four state words, so nearby seeds give unrelated streams. A number seeds like its
   * decimal string: `42` and `'42'` give the same stream.
   */
  constructor(seed) {
    let h = fnv1a(String(seed));
    const words = [];
    for (let i = 0; i < 4; i++) {
      h = h + 2654435769 >>> 0;
      words.push(splitmix32Mix(h));
    }
    if ((words[0] | words[1] | words[2] | words[3]) === 0) words[0] = 1;
    this.s0 = words[0] | 0;
    this.s1 = words[1] | 0;
    this.s2 = words[2] | 0;
    this.s3 = words[3] | 0;
  }
  /** A generator with the given raw state words; for checking against the reference outputs. */
  static fromState(state) {
    const random = new _SeededRandom(0);
    random.s0 = state[0] | 0;
    random.s1 = state[1] | 0;
    random.s2 = state[2] | 0;
    random.s3 = state[3] | 0;
    return random;
  }
  /** The next 32-bit unsigned integer. */
  nextUint32() {
    const s1 = this.s1;
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= s1;
    this.s1 = s1 ^ this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result;
  }
  /** Uniform in [0, 1), with 32 bits of resolution. */
  nextFloat() {
    return this.nextUint32() / 4294967296;
  }
  /**
   * Uniform integer in [0, bound). The product of a 32-bit draw and a bound below 2^21 is exact in
   * a double, and the bias (at most bound / 2^32) is far below what a resample could notice.
   */
  nextInt(bound) {
    return Math.floor(this.nextUint32() * bound / 4294967296);
  }
  /** Standard normal deviate (Box–Muller; the second deviate of each pair is discarded for simplicity). */
  nextGaussian() {
    const u1 = (this.nextUint32() + 1) / 4294967296;
    const u2 = this.nextFloat();
    return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
  }
};
function rotl(x, k) {
  return x << k | x >>> 32 - k;
}
function fnv1a(text) {
  let hash = 2166136261;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}
function splitmix32Mix(value) {
  let z2 = value >>> 0;
  z2 = Math.imul(z2 ^ z2 >>> 16, 2246822507) >>> 0;
  z2 = Math.imul(z2 ^ z2 >>> 13, 3266489909) >>> 0;
  return (z2 ^ z2 >>> 16) >>> 0;
}

// node_modules/simple-statistics/dist/simple-statistics.mjs
function sum(x) {
  if (x.length === 0) {
    return 0;
  }
  var sum2 = x[0];
  var correction = 0;
  var transition;
  if (typeof sum2 !== "number") {
    return Number.NaN;
  }
  for (var i = 1; i < x.length; i++) {
    if (typeof x[i] !== "number") {
      return Number.NaN;
    }
    transition = sum2 + x[i];
    if (Math.abs(sum2) >= Math.abs(x[i])) {
      correction += sum2 - transition + x[i];
    } else {
      correction += x[i] - transition + sum2;
    }
    sum2 = transition;
  }
  return sum2 + correction;
}
function mean(x) {
  if (x.length === 0) {
    throw new Error("mean requires at least one data point");
  }
  return sum(x) / x.length;
}
function sumNthPowerDeviations(x, n) {
  var meanValue = mean(x);
  var sum2 = 0;
  var tempValue;
  var i;
  if (n === 2) {
    for (i = 0; i < x.length; i++) {
      tempValue = x[i] - meanValue;
      sum2 += tempValue * tempValue;
    }
  } else {
    for (i = 0; i < x.length; i++) {
      sum2 += Math.pow(x[i] - meanValue, n);
    }
  }
  return sum2;
}
function sampleVariance(x) {
  if (x.length < 2) {
    throw new Error("sampleVariance requires at least two data points");
  }
  var sumSquaredDeviationsValue = sumNthPowerDeviations(x, 2);
  var besselsCorrection = x.length - 1;
  return sumSquaredDeviationsValue / besselsCorrection;
}
function sampleStandardDeviation(x) {
  var sampleVarianceX = sampleVariance(x);
  return Math.sqrt(sampleVarianceX);
}
function quantileSorted(x, p) {
  var idx = (x.length - 1) * p;
  if (x.length === 0) {
    throw new Error("quantile requires at least one data point.");
  } else if (p < 0 || p > 1) {
    throw new Error("quantiles must be between 0 and 1");
  } else if (p === 1) {
    return x[x.length - 1];
  } else if (p === 0) {
    return x[0];
  } else if (idx % 1 !== 0) {
    var lower = Math.floor(idx);
    var upper = Math.ceil(idx);
    var fraction = idx - lower;
    return x[lower] + fraction * (x[upper] - x[lower]);
  } else {
    return x[idx];
  }
}
function quickselect(arr, k, left, right) {
  left = left || 0;
  right = right || arr.length - 1;
  while (right > left) {
    if (right - left > 600) {
      var n = right - left + 1;
      var m = k - left + 1;
      var z2 = Math.log(n);
      var s = 0.5 * Math.exp(2 * z2 / 3);
      var sd = 0.5 * Math.sqrt(z2 * s * (n - s) / n);
      if (m - n / 2 < 0) {
        sd *= -1;
      }
      var newLeft = Math.max(left, Math.floor(k - m * s / n + sd));
      var newRight = Math.min(
        right,
        Math.floor(k + (n - m) * s / n + sd)
      );
      quickselect(arr, k, newLeft, newRight);
    }
    var t = arr[k];
    var i = left;
    var j = right;
    swap(arr, left, k);
    if (arr[right] > t) {
      swap(arr, left, right);
    }
    while (i < j) {
      swap(arr, i, j);
      i++;
      j--;
      while (arr[i] < t) {
        i++;
      }
      while (arr[j] > t) {
        j--;
      }
    }
    if (arr[left] === t) {
      swap(arr, left, j);
    } else {
      j++;
      swap(arr, j, right);
    }
    if (j <= k) {
      left = j + 1;
    }
    if (k <= j) {
      right = j - 1;
    }
  }
}
function swap(arr, i, j) {
  var tmp = arr[i];
  arr[i] = arr[j];
  arr[j] = tmp;
}
function quantile(x, p) {
  var copy = x.slice();
  if (Array.isArray(p)) {
    multiQuantileSelect(copy, p);
    var results = [];
    for (var i = 0; i < p.length; i++) {
      results[i] = quantileSorted(copy, p[i]);
    }
    return results;
  } else {
    var idx = quantileIndex(copy.length, p);
    quantileSelect(copy, idx, 0, copy.length - 1);
    return quantileSorted(copy, p);
  }
}
function quantileSelect(arr, k, left, right) {
  if (k % 1 === 0) {
    quickselect(arr, k, left, right);
  } else {
    k = Math.floor(k);
    quickselect(arr, k, left, right);
    quickselect(arr, k + 1, k + 1, right);
  }
}
function multiQuantileSelect(arr, p) {
  var positions = /* @__PURE__ */ new Set();
  for (var i = 0; i < p.length; i++) {
    var idx = quantileIndex(arr.length, p[i]);
    positions.add(Math.floor(idx));
    positions.add(Math.ceil(idx));
  }
  var indices = Array.from(positions).sort(compare);
  multiselect(arr, indices, 0, indices.length - 1, 0, arr.length - 1);
}
function multiselect(arr, indices, lo, hi, left, right) {
  if (lo > hi) {
    return;
  }
  var mid = lo + hi >> 1;
  quickselect(arr, indices[mid], left, right);
  multiselect(arr, indices, lo, mid - 1, left, indices[mid] - 1);
  multiselect(arr, indices, mid + 1, hi, indices[mid] + 1, right);
}
function compare(a, b) {
  return a - b;
}
function quantileIndex(len, p) {
  var idx = (len - 1) * p;
  if (p === 1) {
    return len - 1;
  } else if (p === 0) {
    return 0;
  } else if (idx % 1 !== 0) {
    return idx;
  } else {
    return idx;
  }
}
function maxSorted(x) {
  return x[x.length - 1];
}
function median(x) {
  return +quantile(x, 0.5);
}
function medianAbsoluteDeviation(x) {
  var medianValue = median(x);
  var medianAbsoluteDeviations = [];
  for (var i = 0; i < x.length; i++) {
    medianAbsoluteDeviations.push(Math.abs(x[i] - medianValue));
  }
  return median(medianAbsoluteDeviations);
}
function medianSorted(sorted) {
  return quantileSorted(sorted, 0.5);
}
function minSorted(x) {
  return x[0];
}
var BayesianClassifier = function BayesianClassifier2() {
  this.totalCount = 0;
  this.data = {};
};
BayesianClassifier.prototype.train = function train(item, category) {
  if (!this.data[category]) {
    this.data[category] = {};
  }
  for (var k in item) {
    var v = item[k];
    if (this.data[category][k] === void 0) {
      this.data[category][k] = {};
    }
    if (this.data[category][k][v] === void 0) {
      this.data[category][k][v] = 0;
    }
    this.data[category][k][v]++;
  }
  this.totalCount++;
};
BayesianClassifier.prototype.score = function score(item) {
  var odds = {};
  var category;
  for (var k in item) {
    var v = item[k];
    for (category in this.data) {
      if (odds[category] === void 0) {
        odds[category] = {};
      }
      if (this.data[category][k]) {
        odds[category][k + "_" + v] = (this.data[category][k][v] || 0) / this.totalCount;
      } else {
        odds[category][k + "_" + v] = 0;
      }
    }
  }
  var oddsSums = {};
  for (category in odds) {
    oddsSums[category] = 0;
    for (var combination in odds[category]) {
      oddsSums[category] += odds[category][combination];
    }
  }
  return oddsSums;
};
var g = 607 / 128;
var LOGSQRT2PI = Math.log(Math.sqrt(2 * Math.PI));
var SQRT_2PI$1 = Math.sqrt(2 * Math.PI);
function cumulativeDistribution(z2) {
  var sum2 = z2;
  var tmp = z2;
  for (var i = 1; i < 30; i++) {
    tmp *= z2 * z2 / (2 * i + 1);
    sum2 += tmp;
  }
  return Math.round((0.5 + sum2 / SQRT_2PI$1 * Math.exp(-z2 * z2 / 2)) * 1e4) / 1e4;
}
var standardNormalTable = [];
for (z = 0; z <= 3.09; z += 0.01) {
  standardNormalTable.push(cumulativeDistribution(z));
}
var z;
var SQRT_2PI = Math.sqrt(2 * Math.PI);
var PerceptronModel = function PerceptronModel2() {
  this.weights = [];
  this.bias = 0;
};
PerceptronModel.prototype.predict = function predict(features) {
  if (features.length !== this.weights.length) {
    return null;
  }
  var score2 = 0;
  for (var i = 0; i < this.weights.length; i++) {
    score2 += this.weights[i] * features[i];
  }
  score2 += this.bias;
  if (score2 > 0) {
    return 1;
  } else {
    return 0;
  }
};
PerceptronModel.prototype.train = function train2(features, label) {
  if (label !== 0 && label !== 1) {
    return null;
  }
  if (features.length !== this.weights.length) {
    this.weights = features.slice();
    this.bias = 1;
  }
  var prediction = this.predict(features);
  if (typeof prediction === "number" && prediction !== label) {
    var gradient = label - prediction;
    for (var i = 0; i < this.weights.length; i++) {
      this.weights[i] += gradient * features[i];
    }
    this.bias += gradient;
  }
  return this;
};

// src/stats/summary.ts
function summarize(samples) {
  assertSample(samples, "samples");
  const sorted = sortedCopy(samples);
  const n = sorted.length;
  const summary = {
    n,
    min: minSorted(sorted),
    max: maxSorted(sorted),
    mean: mean(sorted),
    stddev: n < 2 ? 0 : sampleStandardDeviation(sorted),
    median: medianSorted(sorted),
    mad: medianAbsoluteDeviation(sorted),
    mode: halfSampleModeSorted(sorted)
  };
  if (n >= 20) summary.p95 = quantileSorted(sorted, 0.95);
  if (n >= 100) summary.p99 = quantileSorted(sorted, 0.99);
  return summary;
}
function halfSampleModeSorted(sorted) {
  if (sorted.length === 0) throw new Error("half-sample mode of an empty sample");
  let lo = 0;
  let n = sorted.length;
  while (n > 3) {
    const h = Math.floor(n / 2);
    let best = lo;
    let bestWidth = sorted[lo + h] - sorted[lo];
    for (let i = lo + 1; i + h < lo + n; i++) {
      const width = sorted[i + h] - sorted[i];
      if (width < bestWidth) {
        bestWidth = width;
        best = i;
      }
    }
    lo = best;
    n = h + 1;
  }
  const x0 = sorted[lo];
  if (n === 1) return x0;
  const x1 = sorted[lo + 1];
  if (n === 2) return (x0 + x1) / 2;
  const x2 = sorted[lo + 2];
  return x1 - x0 <= x2 - x1 ? (x0 + x1) / 2 : (x1 + x2) / 2;
}
function assertSample(samples, name) {
  if (samples.length === 0)
    throw new Error(`${name}: no samples (an empty sample cannot be summarised or compared)`);
  for (let i = 0; i < samples.length; i++) {
    const value = samples[i];
    if (typeof value !== "number" || !Number.isFinite(value)) {
      throw new Error(`${name}[${i}] is ${String(value)}: samples must be finite numbers`);
    }
  }
}
function sortedCopy(samples) {
  return [...samples].sort((a, b) => a - b);
}

// src/stats/bootstrap.ts
var DEFAULT_RESAMPLES = 1e4;
var DEFAULT_SEED = "bench-action";
function bootstrapRatioOfMedians(base, head, options) {
  assertSample(base, "base");
  assertSample(head, "head");
  const { confidence, resamples = DEFAULT_RESAMPLES, seed = DEFAULT_SEED } = options;
  if (!(confidence > 0 && confidence < 1))
    throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  }
  const random = new SeededRandom(seed);
  const baseValues = Float64Array.from(base);
  const headValues = Float64Array.from(head);
  const baseResample = new Float64Array(baseValues.length);
  const headResample = new Float64Array(headValues.length);
  const ratios = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    resampleInto(baseValues, baseResample, random);
    resampleInto(headValues, headResample, random);
    ratios[r] = ratioOf(medianInPlace(headResample), medianInPlace(baseResample));
  }
  ratios.sort();
  const estimate = ratioOf(medianInPlace(headValues), medianInPlace(baseValues));
  return {
    estimate,
    low: percentileSorted(ratios, (1 - confidence) / 2),
    high: percentileSorted(ratios, (1 + confidence) / 2)
  };
}
function ratioOf(head, base) {
  if (base === 0) return head === 0 ? 1 : head > 0 ? Number.POSITIVE_INFINITY : Number.NEGATIVE_INFINITY;
  return head / base;
}
function medianInPlace(values) {
  const n = values.length;
  if (n === 0) throw new Error("median of an empty sample");
  const upperIndex = n >> 1;
  const upper = selectInPlace(values, upperIndex);
  if (n % 2 === 1) return upper;
  let lower = values[0];
  for (let i = 1; i < upperIndex; i++) if (values[i] > lower) lower = values[i];
  return lower + (upper - lower) / 2;
}
function selectInPlace(values, k) {
  let left = 0;
  let right = values.length - 1;
  while (right > left) {
    const a = values[left];
    const b = values[left + right >>> 1];
    const c = values[right];
    const pivot = medianOfThree(a, b, c);
    let i = left;
    let j = right;
    while (i <= j) {
      while (values[i] < pivot) i++;
      while (values[j] > pivot) j--;
      if (i <= j) {
        const swap2 = values[i];
        values[i] = values[j];
        values[j] = swap2;
        i++;
        j--;
      }
    }
    if (k <= j) right = j;
    else if (k >= i) left = i;
    else break;
  }
  return values[k];
}
function medianOfThree(a, b, c) {
  return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
}
function resampleInto(source, target, random) {
  const n = source.length;
  for (let i = 0; i < n; i++) target[i] = source[random.nextInt(n)];
}
function percentileSorted(sorted, p) {
  const index = (sorted.length - 1) * p;
  const lowerIndex = Math.floor(index);
  const lower = sorted[lowerIndex];
  const upper = sorted[Math.min(lowerIndex + 1, sorted.length - 1)];
  if (lower === upper || index === lowerIndex) return lower;
  if (!Number.isFinite(lower) || !Number.isFinite(upper)) return index - lowerIndex < 0.5 ? lower : upper;
  return lower + (index - lowerIndex) * (upper - lower);
}

// src/stats/mann-whitney.ts
var EXACT_MAX_SAMPLES = 50;
function mannWhitneyU(a, b, options = {}) {
  assertSample(a, "a");
  assertSample(b, "b");
  const n1 = a.length;
  const n2 = b.length;
  const { rankSumA, tieTerm } = rankSum(a, b);
  const u1 = rankSumA - n1 * (n1 + 1) / 2;
  const u2 = n1 * n2 - u1;
  const hasTies = tieTerm > 0;
  const requested = options.method ?? "auto";
  if (requested === "exact" && hasTies) {
    throw new RangeError("the exact Mann–Whitney distribution assumes no tied values; use the normal method");
  }
  const exact = requested === "exact" || requested === "auto" && !hasTies && n1 <= EXACT_MAX_SAMPLES && n2 <= EXACT_MAX_SAMPLES;
  if (exact) {
    const pValue = Math.min(1, 2 * exactLowerTail(Math.min(u1, u2), n1, n2));
    return { u: u1, pValue, method: "exact" };
  }
  return { u: u1, pValue: normalPValue(Math.max(u1, u2), n1, n2, tieTerm), method: "normal" };
}
function smallestPValue(n1, n2) {
  return Math.min(1, 2 / binomial(n1 + n2, n1));
}
function rankSum(a, b) {
  const n1 = a.length;
  const values = Float64Array.from([...a, ...b]);
  const order = Array.from(values.keys()).sort((i, j) => values[i] - values[j]);
  let rankSumA = 0;
  let tieTerm = 0;
  for (let start = 0; start < order.length; ) {
    let end = start + 1;
    while (end < order.length && values[order[end]] === values[order[start]]) end++;
    const groupSize = end - start;
    const midRank = (start + 1 + end) / 2;
    for (let k = start; k < end; k++) if (order[k] < n1) rankSumA += midRank;
    if (groupSize > 1) tieTerm += groupSize ** 3 - groupSize;
    start = end;
  }
  return { rankSumA, tieTerm };
}
function exactLowerTail(u, n1, n2) {
  const maxU = Math.floor(u);
  if (maxU < 0) return 0;
  const small = Math.min(n1, n2);
  const large = Math.max(n1, n2);
  const width = maxU + 1;
  const counts = new Float64Array((small + 1) * width);
  for (let j = 0; j <= small; j++) counts[j * width] = 1;
  for (let i = 1; i <= large; i++) {
    for (let j = 1; j <= small; j++) {
      const row = j * width;
      const previousRow = row - width;
      for (let v = maxU; v >= j; v--) counts[row + v] = counts[previousRow + v] + counts[row + v - j];
      for (let v = Math.min(j - 1, maxU); v >= 0; v--) counts[row + v] = counts[previousRow + v];
    }
  }
  let arrangements = 0;
  const lastRow = small * width;
  for (let v = 0; v <= maxU; v++) arrangements += counts[lastRow + v];
  return arrangements / binomial(n1 + n2, small);
}
function normalPValue(uLarger, n1, n2, tieTerm) {
  const n = n1 + n2;
  const variance = n1 * n2 / 12 * (n + 1 - (n > 1 ? tieTerm / (n * (n - 1)) : 0));
  if (!(variance > 0)) return 1;
  const z2 = (uLarger - n1 * n2 / 2 - 0.5) / Math.sqrt(variance);
  return Math.min(1, 2 * normalSurvival(z2));
}
function normalSurvival(z2) {
  return 0.5 * erfc(z2 / Math.SQRT2);
}
var TWO_OVER_SQRT_PI = 2 / Math.sqrt(Math.PI);
function erfc(x) {
  if (Number.isNaN(x)) return Number.NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 2.5) {
    const x2 = x * x;
    let term = x;
    let sum2 = x;
    for (let k = 1; k < 200 && term > sum2 * 1e-17; k++) {
      term *= 2 * x2 / (2 * k + 1);
      sum2 += term;
    }
    return 1 - TWO_OVER_SQRT_PI * Math.exp(-x2) * sum2;
  }
  if (x > 27) return 0;
  let fraction = x;
  for (let k = 120; k >= 1; k--) fraction = x + k / 2 / fraction;
  return Math.exp(-x * x) / Math.sqrt(Math.PI) / fraction;
}
function binomial(n, k) {
  const kk = Math.min(k, n - k);
  let result = 1;
  for (let i = 1; i <= kk; i++) result = result * (n - kk + i) / i;
  return result;
}

// src/stats/decide.ts
var MIN_RELIABLE_SAMPLES = 9;
var THRESHOLD_TOLERANCE = 1e-12;
function decideSampled(base, head, options) {
  const { threshold, alpha, direction, seed = DEFAULT_SEED, resamples = DEFAULT_RESAMPLES } = options;
  assertThreshold(threshold);
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`alpha must be in (0, 1), got ${alpha}`);
  assertDirection(direction);
  if (base.length === 0 || head.length === 0) {
    throw new Error(
      `cannot compare: ${base.length} base and ${head.length} head samples (each side needs at least one)`
    );
  }
  const baseSummary = summarize(base);
  const headSummary = summarize(head);
  const ratio = ratioOf(headSummary.median, baseSummary.median);
  const change = ratio - 1;
  const interval = bootstrapRatioOfMedians(base, head, { confidence: 1 - alpha, resamples, seed });
  const test = mannWhitneyU(base, head);
  const side = sideOf(change, threshold, direction);
  const significant = test.pValue < alpha;
  const intervalSide = intervalSideOf(interval.low, interval.high, direction);
  let verdict = "unchanged";
  if (side !== "within") verdict = significant && intervalSide === side ? side : "unclear";
  const notes = [];
  if (base.length < MIN_RELIABLE_SAMPLES || head.length < MIN_RELIABLE_SAMPLES) {
    notes.push(
      `n=${base.length} base, ${head.length} head: fewer than ${MIN_RELIABLE_SAMPLES} samples, verdict unreliable`
    );
  }
  const floor = smallestPValue(base.length, head.length);
  if (floor >= alpha) {
    notes.push(
      `with ${base.length} base and ${head.length} head samples the smallest possible p-value is ${format(floor)}, not below α = ${format(alpha)}: no change can be significant`
    );
  }
  if (baseSummary.median === 0) {
    notes.push(
      headSummary.median === 0 ? "base and head medians are both 0: the ratio is taken as 1" : "base median is 0: the relative change is infinite"
    );
  }
  if (baseSummary.median < 0 || headSummary.median < 0) {
    notes.push("a median is negative: the ratio of medians does not measure a relative change");
  }
  if (verdict === "unclear" && floor < alpha) {
    if (!significant) notes.push(`p = ${format(test.pValue)} is not below α = ${format(alpha)}`);
    if (intervalSide !== side) {
      notes.push(
        `the ${format((1 - alpha) * 100)}% interval of the ratio, [${format(interval.low)}, ${format(interval.high)}], is not wholly on the ${side === "regression" ? "worse" : "better"} side of 1`
      );
    }
  }
  return {
    baseSummary,
    headSummary,
    ratio,
    change,
    ci: [interval.low, interval.high],
    pValue: test.pValue,
    test: test.method === "exact" ? "mann-whitney-exact" : "mann-whitney-normal",
    verdict,
    notes
  };
}
function decideExact(base, head, options) {
  const { threshold, direction } = options;
  assertThreshold(threshold);
  assertDirection(direction);
  for (const [name, value] of [
    ["base", base],
    ["head", head]
  ]) {
    if (!Number.isFinite(value)) throw new Error(`${name} is ${value}: values must be finite numbers`);
  }
  const ratio = ratioOf(head, base);
  const change = ratio - 1;
  const side = sideOf(change, threshold, direction);
  const notes = [];
  if (base === 0) {
    notes.push(
      head === 0 ? "base and head are both 0: the ratio is taken as 1" : "base is 0: the relative change is infinite"
    );
  }
  return { ratio, change, verdict: side === "within" ? "unchanged" : side, notes };
}
function sideOf(change, threshold, direction) {
  const worse = direction === "lower" ? change : -change;
  if (worse > threshold + THRESHOLD_TOLERANCE) return "regression";
  if (worse < -threshold - THRESHOLD_TOLERANCE) return "improvement";
  return "within";
}
function intervalSideOf(low, high, direction) {
  if (low > 1) return direction === "lower" ? "regression" : "improvement";
  if (high < 1) return direction === "lower" ? "improvement" : "regression";
  return "within";
}
function assertThreshold(threshold) {
  if (!(Number.isFinite(threshold) && threshold >= 0)) {
    throw new RangeError(`threshold must be a non-negative fraction (0.05 = 5%), got ${threshold}`);
  }
}
function assertDirection(direction) {
  if (direction !== "lower" && direction !== "higher") {
    throw new RangeError(`direction must be 'lower' or 'higher', got ${String(direction)}`);
  }
}
function format(value) {
  return String(Number(value.toPrecision(3)));
}

// src/stats/run-noise.ts
var MIN_RUNS_FOR_NOISE = 3;
function runToRunNoise(medians) {
  const positive = medians.filter((m) => Number.isFinite(m) && m > 0);
  if (positive.length < MIN_RUNS_FOR_NOISE) return void 0;
  return { runs: positive.length, maxRatio: Math.max(...positive) / Math.min(...positive) };
}
function withinRunNoise(ratio, noise) {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return false;
  const magnitude = ratio >= 1 ? ratio : 1 / ratio;
  return magnitude <= noise.maxRatio;
}

// src/compare.ts
var FUNCTION_CHANGES_SHOWN = 10;
var VERDICT_ORDER = [
  "regression",
  "failed",
  "unclear",
  "warning",
  "improvement",
  "new",
  "missing",
  "unchanged"
];
var FINGERPRINT_KEYS = ["os", "arch", "cpuModel", "kernel", "glibc", "runnerImage", "cpuCount"];
function environmentDifferences(base, head) {
  const diffs = [];
  for (const key of FINGERPRINT_KEYS) {
    const b = base[key];
    const h = head[key];
    if (b !== void 0 && h !== void 0 && String(b) !== String(h)) {
      diffs.push({ key, base: String(b), head: String(h) });
    }
  }
  const tools = /* @__PURE__ */ new Set([...Object.keys(base.tools), ...Object.keys(head.tools)]);
  for (const tool of [...tools].sort()) {
    const b = base.tools[tool];
    const h = head.tools[tool];
    if (b !== void 0 && h !== void 0 && b !== h) diffs.push({ key: tool, base: b, head: h });
  }
  return diffs;
}
function valuesOf(metric) {
  if (metric.samples && metric.samples.length > 0) return metric.samples;
  return metric.value !== void 0 ? [metric.value] : [];
}
function isExact(metric) {
  return metric.value !== void 0 && (metric.samples === void 0 || metric.samples.length === 0);
}
function compareMetric(name, benchmarkId, base, head, gate, environmentDiffers, runNoise) {
  const baseValues = valuesOf(base);
  const headValues = valuesOf(head);
  if (baseValues.length === 0 || headValues.length === 0) return void 0;
  const gated = gate.metrics.includes(name);
  const common = {
    metric: name,
    unit: head.unit,
    direction: head.direction,
    gated
  };
  if (isExact(base) && isExact(head)) {
    const d2 = decideExact(base.value, head.value, { threshold: gate.threshold, direction: head.direction });
    const notes2 = [];
    let verdict2 = d2.verdict;
    if (environmentDiffers && verdict2 !== "unchanged") {
      notes2.push("environment differs from the baseline: shown as a warning, not failing");
      verdict2 = "warning";
    }
    return {
      ...common,
      exact: true,
      base: summarize(baseValues),
      head: summarize(headValues),
      ratio: d2.ratio,
      change: d2.change,
      verdict: verdict2,
      notes: notes2
    };
  }
  const d = decideSampled(baseValues, headValues, {
    threshold: gate.threshold,
    alpha: gate.alpha,
    direction: head.direction,
    seed: `${benchmarkId}\0${name}`
  });
  let verdict = d.verdict;
  const notes = [...d.notes];
  if (runNoise && (verdict === "regression" || verdict === "improvement")) {
    const seen = `medians of the last ${runNoise.runs} stored runs differ by up to ${formatChange(runNoise.maxRatio - 1)}`;
    if (withinRunNoise(d.ratio, runNoise)) {
      notes.push(`within run-to-run noise: ${seen}`);
      verdict = "unclear";
    } else {
      notes.push(`beyond run-to-run noise: ${seen}`);
    }
  }
  return {
    ...common,
    exact: false,
    // decideSampled has summarised both sides already.
    base: d.baseSummary,
    head: d.headSummary,
    ratio: d.ratio,
    change: d.change,
    ci: d.ci,
    pValue: d.pValue,
    test: d.test,
    runNoise,
    verdict,
    notes
  };
}
var METRIC_SEVERITY = ["regression", "unclear", "warning", "improvement", "unchanged"];
function benchmarkVerdict(metrics) {
  const gated = metrics.filter((m) => m.gated);
  for (const v of METRIC_SEVERITY) {
    if (gated.some((m) => m.verdict === v)) return v;
  }
  return "unchanged";
}
function headOnly(result) {
  return Object.entries(result.metrics).filter(([, m]) => valuesOf(m).length > 0).map(([metric, m]) => ({
    metric,
    unit: m.unit,
    gated: result.gate.metrics.includes(metric),
    exact: isExact(m),
    summary: summarize(valuesOf(m))
  }));
}
function historyMedians(history) {
  const out = /* @__PURE__ */ new Map();
  for (const results of history) {
    for (const b of results.benchmarks) {
      if (b.status !== "ok") continue;
      const byMetric = out.get(b.id) ?? /* @__PURE__ */ new Map();
      out.set(b.id, byMetric);
      for (const [name, metric] of Object.entries(b.metrics)) {
        if (!metric.samples || metric.samples.length === 0) continue;
        const list = byMetric.get(name) ?? [];
        list.push(summarize(metric.samples).median);
        byMetric.set(name, list);
      }
    }
  }
  return out;
}
function compareBenchmark(base, head, environmentDiffers, history) {
  const common = {
    id: head.id,
    name: head.name,
    kind: head.kind,
    command: head.command,
    threshold: head.gate.threshold,
    alpha: head.gate.alpha
  };
  if (head.status === "failed") {
    return { ...common, verdict: "failed", metrics: [], headOnly: [], error: head.error, notes: head.notes };
  }
  if (!base || base.status === "failed") {
    const notes2 = [...head.notes];
    if (base)
      notes2.push(`the baseline run of this benchmark failed (${base.error?.message ?? "no error recorded"})`);
    return { ...common, verdict: "new", metrics: [], headOnly: headOnly(head), notes: notes2 };
  }
  const metrics = [];
  for (const [name, headMetric] of Object.entries(head.metrics)) {
    const baseMetric = base.metrics[name];
    if (!baseMetric) continue;
    const noise = history?.get(name) ? runToRunNoise(history.get(name)) : void 0;
    const m = compareMetric(name, head.id, baseMetric, headMetric, head.gate, environmentDiffers, noise);
    if (m) metrics.push(m);
  }
  const notes = [...head.notes];
  const missingGated = head.gate.metrics.filter((g2) => !metrics.some((m) => m.metric === g2));
  if (missingGated.length > 0) notes.push(`no baseline values for gated metric ${missingGated.join(", ")}`);
  const verdict = benchmarkVerdict(metrics);
  const changed = metrics.some((m) => m.gated && m.change !== 0);
  const functionChanges = changed && base.functions && head.functions ? diffFunctionCosts(base.functions, head.functions, FUNCTION_CHANGES_SHOWN) : void 0;
  return { ...common, verdict, metrics, headOnly: [], notes, functionChanges };
}
function rankProcessBenchmarks(head) {
  const candidates = head.benchmarks.filter(
    (b) => b.kind === "process" && b.status === "ok" && (b.metrics.wall?.samples?.length ?? 0) > 0
  );
  if (candidates.length < 2) return [];
  const withMedian = candidates.map((b) => ({
    b,
    samples: b.metrics.wall.samples,
    median: summarize(b.metrics.wall.samples).median
  })).sort((x, y) => x.median - y.median);
  const fastest = withMedian[0];
  return withMedian.map(({ b, samples, median: median2 }) => {
    if (b === fastest.b) return { id: b.id, name: b.name, median: median2, ratio: 1, ci: [1, 1] };
    const ci = bootstrapRatioOfMedians(fastest.samples, samples, {
      resamples: 2e3,
      confidence: 0.95,
      seed: `rank\0${b.id}`
    });
    return { id: b.id, name: b.name, median: median2, ratio: ci.estimate, ci: [ci.low, ci.high] };
  });
}
function rankEngines(head) {
  const groups = /* @__PURE__ */ new Map();
  for (const b of head.benchmarks) {
    const engine = b.parameters.engine;
    if (b.kind !== "wall-clock" || typeof engine !== "string" || !b.name.endsWith(`/${engine}`)) continue;
    const benchmark = b.name.slice(0, -(engine.length + 1));
    groups.set(benchmark, [...groups.get(benchmark) ?? [], b]);
  }
  const rankings = [];
  for (const [benchmark, members2] of groups) {
    const timed = members2.filter((b) => b.status === "ok" && (b.metrics.time?.samples?.length ?? 0) > 0);
    const unranked = members2.filter((b) => !timed.includes(b)).map((b) => String(b.parameters.engine));
    if (timed.length < 2 && unranked.length === 0) continue;
    const withMedian = timed.map((b) => ({
      b,
      samples: b.metrics.time.samples,
      median: summarize(b.metrics.time.samples).median
    })).sort((x, y) => x.median - y.median);
    const fastest = withMedian[0];
    const engines = withMedian.map(({ b, samples, median: median2 }) => {
      const throughputSamples = b.metrics.throughput?.samples;
      const entry = {
        engine: String(b.parameters.engine),
        id: b.id,
        median: median2,
        ...throughputSamples?.length ? { throughput: summarize(throughputSamples).median } : {}
      };
      if (b === fastest.b) return { ...entry, ratio: 1, ci: [1, 1] };
      const ci = bootstrapRatioOfMedians(fastest.samples, samples, {
        resamples: 2e3,
        confidence: 0.95,
        seed: `engines\0${b.id}`
      });
      return { ...entry, ratio: ci.estimate, ci: [ci.low, ci.high] };
    });
    rankings.push({ benchmark, engines, unranked });
  }
  return rankings;
}
function compareResults(head, options = {}) {
  const base = options.baseline?.results;
  const environmentDiffs = base ? environmentDifferences(base.environment, head.environment) : [];
  const baseById = new Map(base?.benchmarks.map((b) => [b.id, b]) ?? []);
  const medians = historyMedians(options.history?.results ?? []);
  const benchmarks = head.benchmarks.map(
    (h) => compareBenchmark(baseById.get(h.id), h, environmentDiffs.length > 0, medians.get(h.id))
  );
  if (base && !options.filtered) {
    const headIds = new Set(head.benchmarks.map((b) => b.id));
    for (const b of base.benchmarks) {
      if (headIds.has(b.id)) continue;
      benchmarks.push({
        id: b.id,
        name: b.name,
        kind: b.kind,
        command: b.command,
        verdict: "missing",
        threshold: b.gate.threshold,
        alpha: b.gate.alpha,
        metrics: [],
        headOnly: [],
        notes: ["in the baseline but not measured in this run"]
      });
    }
  }
  const counts = Object.fromEntries(VERDICT_ORDER.map((v) => [v, 0]));
  for (const b of benchmarks) counts[b.verdict]++;
  const verdict = counts.failed > 0 ? "failed" : counts.regression > 0 ? "regression" : "pass";
  return {
    suite: head.suite,
    head: { commit: head.commit, createdAt: head.createdAt, environment: head.environment },
    baseline: options.baseline ? {
      commit: options.baseline.results.commit,
      createdAt: options.baseline.results.createdAt,
      environment: options.baseline.results.environment,
      source: options.baseline.source,
      reason: options.baseline.reason
    } : void 0,
    noBaselineReason: options.baseline ? void 0 : options.noBaselineReason ?? "no baseline was given",
    baselineWarnings: options.baselineWarnings ?? [],
    history: options.history ? { runs: options.history.results.length, branch: options.history.branch } : void 0,
    benchmarks,
    counts,
    verdict,
    environmentDifferences: environmentDiffs,
    ranking: rankProcessBenchmarks(head),
    engineRankings: rankEngines(head)
  };
}
function exitCodeFor(comparison) {
  if (comparison.verdict === "failed") return 3;
  if (comparison.verdict === "regression") return 1;
  return 0;
}

// src/config/errors.ts
var import_yaml = __toESM(require_dist(), 1);

// src/config/values.ts
var ValueError = class extends Error {
  constructor(expected, hint, message) {
    super(message ?? `expected ${expected}`);
    this.expected = expected;
    this.hint = hint;
  }
  expected;
  hint;
  name = "ValueError";
};
var EXPECTED_DURATION = 'a duration like "60s", "500ms" or "2m"';
var EXPECTED_PERCENT = 'a percentage like "5%" or "0.5%"';
var DURATION_UNITS_NS = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 6e10,
  h: 36e11
};
var DURATION_PART = /(\d+(?:\.\d+)?|\.\d+)(ns|us|µs|ms|s|m|h)/y;
var DURATION_PATTERN = "^((\\d+(\\.\\d+)?|\\.\\d+)(ns|us|µs|ms|s|m|h))+$";
var PERCENT_PATTERN = "^(\\d+(\\.\\d+)?|\\.\\d+)%$";
function parseDurationMs(input) {
  if (typeof input === "number") {
    throw new ValueError(EXPECTED_DURATION, `write ${input}s or ${input}ms rather than ${input}`);
  }
  const text = input.trim();
  if (/^-/.test(text)) throw new ValueError("a duration greater than zero");
  if (/^\d+(\.\d+)?$/.test(text)) {
    throw new ValueError(EXPECTED_DURATION, `add a unit: ${text}s or ${text}ms`);
  }
  if (text.length === 0) throw new ValueError(EXPECTED_DURATION);
  let totalNs = 0;
  let at = 0;
  while (at < text.length) {
    DURATION_PART.lastIndex = at;
    const part = DURATION_PART.exec(text);
    if (part === null) throw new ValueError(EXPECTED_DURATION);
    totalNs += Number(part[1]) * DURATION_UNITS_NS[part[2]];
    at = DURATION_PART.lastIndex;
  }
  if (!(totalNs > 0)) throw new ValueError("a duration greater than zero");
  return totalNs / 1e6;
}
function parsePercent(input) {
  if (typeof input === "number") {
    const fraction = input > 0 && input < 1 ? ` (or ${formatPercent(input)} if ${input} was meant as a fraction)` : "";
    throw new ValueError(EXPECTED_PERCENT, `write ${input}% rather than ${input}${fraction}`);
  }
  const text = input.trim();
  if (/^-/.test(text)) throw new ValueError("a percentage of at least 0%");
  const match = /^(\d+(?:\.\d+)?|\.\d+)%$/.exec(text);
  if (match === null) {
    if (/^(\d+(\.\d+)?|\.\d+)$/.test(text))
      throw new ValueError(EXPECTED_PERCENT, `write ${text}% rather than ${text}`);
    throw new ValueError(EXPECTED_PERCENT);
  }
  return Number(match[1]) / 100;
}
function formatPercent(fraction) {
  return `${Number((fraction * 100).toPrecision(12))}%`;
}
var SHELL_OPERATORS = /* @__PURE__ */ new Set(["|", "&", ";", "<", ">", "(", ")"]);
var SHELL_EXPANSIONS = /* @__PURE__ */ new Set(["$", "`"]);
var SHELL_WILDCARDS = /* @__PURE__ */ new Set(["*", "?", "["]);
var BLANKS = /* @__PURE__ */ new Set([" ", "	", "\n", "\r"]);
function shellMeaning(char, atWordStart) {
  if (SHELL_OPERATORS.has(char)) return "a shell operator";
  if (SHELL_EXPANSIONS.has(char)) return "a shell expansion";
  if (SHELL_WILDCARDS.has(char)) return "a shell wildcard";
  if (atWordStart && char === "#") return "the start of a shell comment";
  if (atWordStart && char === "~") return "a shell home-directory expansion";
  return void 0;
}
function notAShell(char, index, meaning) {
  const quoted = char === "'" ? `"'"` : `'${char}'`;
  return new ValueError(
    "",
    void 0,
    `"${char}" at character ${index + 1} is ${meaning}, but the command is split into words and run without a shell; quote it (${quoted}) or set shell: true to run it with /bin/sh -c`
  );
}
function splitCommand(text) {
  const assignment = /^\s*([A-Za-z_][A-Za-z0-9_]*)=/.exec(text);
  if (assignment !== null) {
    throw new ValueError(
      "",
      void 0,
      `the command starts with the variable assignment "${assignment[1]}=", which only a shell understands; set it under env: instead`
    );
  }
  const words = [];
  let word = "";
  let inWord = false;
  let i = 0;
  while (i < text.length) {
    const char = text[i];
    if (BLANKS.has(char)) {
      if (inWord) words.push(word);
      word = "";
      inWord = false;
      i++;
      continue;
    }
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) {
        throw new ValueError("", void 0, `unbalanced quote: the ' at character ${i + 1} is never closed`);
      }
      word += text.slice(i + 1, end);
      inWord = true;
      i = end + 1;
      continue;
    }
    if (char === '"') {
      const start = i;
      i++;
      for (; ; ) {
        if (i >= text.length) {
          throw new ValueError(
            "",
            void 0,
            `unbalanced quote: the " at character ${start + 1} is never closed`
          );
        }
        const inner = text[i];
        if (inner === '"') break;
        if (inner === "\\" && i + 1 < text.length && '"\\$`\n'.includes(text[i + 1])) {
          if (text[i + 1] !== "\n") word += text[i + 1];
          i += 2;
          continue;
        }
        if (inner === "$" || inner === "`")
          throw notAShell(inner, i, "a shell expansion even inside double quotes");
        word += inner;
        i++;
      }
      inWord = true;
      i++;
      continue;
    }
    if (char === "\\") {
      if (i + 1 >= text.length) {
        throw new ValueError("", void 0, "the command ends with a lone backslash, which escapes nothing");
      }
      if (text[i + 1] === "\n") {
        i += 2;
        continue;
      }
      word += text[i + 1];
      inWord = true;
      i += 2;
      continue;
    }
    const meaning = shellMeaning(char, !inWord);
    if (meaning !== void 0) throw notAShell(char, i, meaning);
    word += char;
    inWord = true;
    i++;
  }
  if (inWord) words.push(word);
  return words;
}

// src/config/errors.ts
var ConfigError = class extends Error {
  name = "ConfigError";
  /** The file as it was named to the loader. */
  file;
  path;
  line;
  column;
  expected;
  /** Every problem found, in file order; the first is the one `message` describes. */
  problems;
  constructor(file, problems) {
    const list = Array.isArray(problems) ? problems : [problems];
    const first = list[0] ?? { path: "", detail: "invalid config" };
    super(formatProblem(file, first));
    this.file = file;
    this.path = first.path;
    this.line = first.line;
    this.column = first.column;
    this.expected = first.expected;
    this.problems = list.length > 0 ? list : [first];
  }
  /** One line per problem, each located like `message`. */
  messages() {
    return this.problems.map((problem) => formatProblem(this.file, problem));
  }
};
function formatProblem(file, problem) {
  const where = problem.line === void 0 ? file : `${file}:${problem.line}:${problem.column ?? 1}`;
  return problem.path === "" ? `${where}: ${problem.detail}` : `${where}: ${problem.path}: ${problem.detail}`;
}
function formatPath(segments) {
  let text = "";
  for (const segment of segments) {
    if (typeof segment === "number") text += `[${segment}]`;
    else if (/^[A-Za-z_][A-Za-z0-9_-]*$/.test(segment)) text += text === "" ? segment : `.${segment}`;
    else text += `[${JSON.stringify(segment)}]`;
  }
  return text;
}
function describeValue(value) {
  if (value === null || value === void 0) return "an empty value";
  if (typeof value === "string") return JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value);
  if (typeof value === "number") return `a number (${value})`;
  if (typeof value === "boolean") return `a boolean (${value})`;
  if (Array.isArray(value)) return value.length === 0 ? "an empty list" : "a list";
  if (typeof value === "object") return Object.keys(value).length === 0 ? "an empty mapping" : "a mapping";
  return typeof value;
}
function positionOf(source, offset) {
  const { line, col } = source.lineCounter.linePos(offset);
  return { line, column: col };
}
function locate(source, segments, at) {
  let node2 = source.doc.contents;
  let keyNode;
  let found = node2;
  for (const segment of segments) {
    if ((0, import_yaml.isAlias)(node2)) node2 = node2.resolve(source.doc);
    keyNode = void 0;
    if ((0, import_yaml.isMap)(node2)) {
      const pair = node2.items.find((item) => (0, import_yaml.isScalar)(item.key) && String(item.key.value) === String(segment));
      if (pair === void 0) break;
      keyNode = pair.key;
      const range2 = pair.value?.range;
      node2 = range2 && range2[0] < range2[1] ? pair.value : pair.key;
    } else if ((0, import_yaml.isSeq)(node2) && typeof segment === "number") {
      node2 = node2.items[segment];
      if (node2 === void 0) break;
    } else {
      break;
    }
    found = at === "key" && keyNode !== void 0 ? keyNode : node2;
  }
  const range = found?.range;
  return range ? positionOf(source, range[0]) : void 0;
}
function yamlProblem(error2, text, source) {
  const position = positionOf(source, error2.pos[0]);
  let detail;
  switch (error2.code) {
    case "TAB_AS_INDENT":
      detail = "invalid YAML: tabs are not allowed as indentation; indent with spaces";
      break;
    case "DUPLICATE_KEY": {
      const key = /^("[^"\n]*"|'[^'\n]*'|[^\n]*?)\s*:(\s|$)/.exec(text.slice(error2.pos[0]))?.[1];
      const name = key?.replace(/^(["'])(.*)\1$/, "$2");
      detail = `duplicate key${name ? ` ${JSON.stringify(name)}` : ""}: a key may appear only once in a mapping`;
      break;
    }
    case "MULTIPLE_DOCS":
      detail = 'the file holds more than one YAML document (a second "---"); a config is one document';
      break;
    default:
      detail = `invalid YAML: ${error2.message.split("\n")[0]}`;
  }
  return { path: "", line: position.line, column: position.column, detail };
}
function defOf(schema) {
  return schema._zod.def;
}
function valueAt(data, segments) {
  let value = data;
  for (const segment of segments) {
    if (value === null || typeof value !== "object") return void 0;
    value = value[segment];
  }
  return value;
}
function kindOfValue(value) {
  if (Array.isArray(value)) return "array";
  if (value === null) return "null";
  return typeof value;
}
var WRAPPERS = /* @__PURE__ */ new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);
function unwrapFor(schema, value) {
  let current = schema;
  for (; ; ) {
    const def = defOf(current);
    if (WRAPPERS.has(def.type) && def.innerType) current = def.innerType;
    else if (def.type === "pipe" && def.in) current = def.in;
    else if (def.type === "union" && def.options) {
      const options = def.options.map((option) => unwrapFor(option, value));
      const discriminator = def.discriminator;
      const chosen = discriminator !== void 0 && value !== null && typeof value === "object" ? options.find((option) => {
        const field = defOf(option).shape?.[discriminator];
        return field !== void 0 && (defOf(field).values ?? []).includes(value[discriminator]);
      }) : options.find((option) => {
        const type = defOf(option).type;
        return type === kindOfValue(value) || type === "object" && kindOfValue(value) === "object";
      });
      if (chosen === void 0) return current;
      current = chosen;
    } else return current;
  }
}
function allowedKeysAt(schema, data, segments) {
  let current = unwrapFor(schema, data);
  for (let i = 0; i < segments.length; i++) {
    const def = defOf(current);
    const segment = segments[i];
    let next;
    if (def.type === "object") next = def.shape?.[String(segment)];
    else if (def.type === "array") next = def.element;
    else if (def.type === "record") next = def.valueType;
    if (next === void 0) return [];
    current = unwrapFor(next, valueAt(data, segments.slice(0, i + 1)));
  }
  return Object.keys(defOf(current).shape ?? {});
}
function editDistance(a, b) {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(
        previous[j] + 1,
        current[j - 1] + 1,
        previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)
      );
    }
    previous = current;
  }
  return previous[b.length];
}
function closestMatch(word, candidates) {
  let best;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return bestDistance <= Math.max(1, Math.floor(word.length / 3)) ? best : void 0;
}
function hintFor(expected, value) {
  const parse2 = expected === EXPECTED_DURATION ? parseDurationMs : expected === EXPECTED_PERCENT ? parsePercent : null;
  if (parse2 === null || typeof value !== "number" && typeof value !== "string") return void 0;
  try {
    parse2(value);
  } catch (error2) {
    if (error2 instanceof ValueError) return error2.hint;
  }
  return void 0;
}
function expectation(message, segments, data, hint) {
  if (!message.startsWith("expected ")) return { segments, at: "value", detail: message };
  const expected = message.slice("expected ".length);
  const value = valueAt(data, segments);
  const parentSegments = segments.slice(0, -1);
  const parent = valueAt(data, parentSegments);
  const key = segments[segments.length - 1];
  if (value === void 0 && typeof key === "string" && parent !== null && typeof parent === "object" && !Array.isArray(parent) && !(key in parent)) {
    return {
      segments: parentSegments,
      at: "value",
      expected,
      detail: `missing required key "${key}" (expected ${expected})`,
      missingKey: key
    };
  }
  const suggestion = hint ?? hintFor(expected, value);
  return {
    segments,
    at: "value",
    expected,
    detail: `expected ${expected}, got ${describeValue(value)}${suggestion ? `; ${suggestion}` : ""}`
  };
}
function collect(issue2, prefix, data, schema, out) {
  const segments = [...prefix, ...issue2.path.filter((s) => typeof s !== "symbol")];
  switch (issue2.code) {
    case "unrecognized_keys": {
      const allowed = allowedKeysAt(schema, data, segments);
      for (const key of issue2.keys) {
        const guess = closestMatch(key, allowed);
        const home = allowed.find(
          (parent) => allowedKeysAt(schema, data, [...segments, parent]).includes(key)
        );
        const hint = guess ? `; did you mean "${guess}"?` : home ? `; it belongs under ${home}:` : "";
        const expected = `one of: ${allowed.join(", ")}`;
        out.push({
          segments: [...segments, key],
          at: "key",
          expected,
          detail: `unknown key "${key}"${hint} (expected ${expected})`,
          ...guess === void 0 ? {} : { meantKey: guess }
        });
      }
      return;
    }
    case "invalid_key": {
      const key = segments[segments.length - 1];
      const inner = issue2.issues[0];
      const message = inner?.message.startsWith("expected ") ? inner.message : "expected a valid key";
      const expected = message.slice("expected ".length);
      out.push({ segments, at: "key", expected, detail: `${message}, got ${describeValue(String(key))}` });
      return;
    }
    case "invalid_union": {
      if ("note" in issue2 && issue2.note === "No matching discriminator") {
        out.push(discriminatorProblem(issue2, segments, data));
        return;
      }
      const matching = issue2.errors.find(
        (errors) => !errors.some(
          (e) => e.path.length === 0 && (e.code === "invalid_type" || e.code === "invalid_value")
        )
      );
      if (matching !== void 0 && matching.length > 0) {
        for (const inner of matching) collect(inner, segments, data, schema, out);
        return;
      }
      out.push(expectation(issue2.message, segments, data));
      return;
    }
    case "custom": {
      const hint = typeof issue2.params?.hint === "string" ? issue2.params.hint : void 0;
      out.push(expectation(issue2.message, segments, data, hint));
      return;
    }
    default:
      out.push(expectation(issue2.message, segments, data));
  }
}
function discriminatorProblem(issue2, segments, data) {
  const options = "options" in issue2 && Array.isArray(issue2.options) ? issue2.options.map(String) : [];
  const expected = `one of: ${options.join(", ")}`;
  const value = valueAt(data, segments);
  const key = String(segments[segments.length - 1]);
  if (value === void 0) {
    return {
      segments: segments.slice(0, -1),
      at: "value",
      expected,
      detail: `missing required key "${key}" (expected ${expected})`,
      missingKey: key
    };
  }
  let hint = "";
  if (typeof value === "string" && key === "kind" && KINDS.includes(value)) {
    hint = `; the ${value} kind is not available in this version of bench-action`;
  } else if (typeof value === "string") {
    const guess = closestMatch(value, options);
    if (guess !== void 0) hint = `; did you mean "${guess}"?`;
  }
  return {
    segments,
    at: "value",
    expected,
    detail: `expected ${expected}, got ${describeValue(value)}${hint}`
  };
}
function problemsFromIssues(issues, data, schema, source) {
  const located2 = [];
  for (const issue2 of issues) collect(issue2, [], data, schema, located2);
  const misspelt = new Set(
    located2.filter((p) => p.meantKey !== void 0).map((p) => `${formatPath(p.segments.slice(0, -1))}\0${p.meantKey}`)
  );
  const seen = /* @__PURE__ */ new Set();
  const problems = [];
  for (const { segments, at, expected, detail, missingKey } of located2) {
    if (missingKey !== void 0 && misspelt.has(`${formatPath(segments)}\0${missingKey}`)) continue;
    const path12 = formatPath(segments);
    if (seen.has(`${path12}\0${detail}`)) continue;
    seen.add(`${path12}\0${detail}`);
    const position = source ? locate(source, segments, at) : void 0;
    problems.push({ path: path12, ...position, ...expected === void 0 ? {} : { expected }, detail });
  }
  return problems.map((problem, index) => ({ problem, index })).sort(
    (a, b) => (a.problem.line ?? Number.POSITIVE_INFINITY) - (b.problem.line ?? Number.POSITIVE_INFINITY) || (a.problem.column ?? 0) - (b.problem.column ?? 0) || a.index - b.index
  ).map(({ problem }) => problem);
}

// src/config/load.ts
var import_yaml2 = __toESM(require_dist(), 1);
import { statSync } from "node:fs";
import { readFile as readFile2 } from "node:fs/promises";
import path2 from "node:path";

// src/config/schema.ts
var DEFAULT_SUITE = "default";
var DEFAULTS = {
  threshold: 0.05,
  runs: 20,
  warmup: 2,
  timeoutMs: 6e4,
  alpha: 0.01
};
var DEFAULT_SETUP_TIMEOUT_MS = 6e5;
var SHELL = "/bin/sh";
var PROCESS_METRICS = [
  "wall",
  "user",
  "sys",
  "cpu",
  "max-rss",
  "minor-faults",
  "major-faults",
  "voluntary-cs",
  "involuntary-cs"
];
var DEFAULT_PROCESS_GATE = ["wall"];
var INSTRUCTION_METRICS = [
  "ir",
  "dr",
  "dw",
  "i1mr",
  "d1mr",
  "d1mw",
  "ilmr",
  "dlmr",
  "dlmw",
  "l1-hits",
  "ll-hits",
  "ram-hits",
  "total-rw",
  "estimated-cycles",
  "bc",
  "bcm",
  "bi",
  "bim"
];
var DEFAULT_INSTRUCTIONS_GATE = ["ir"];
var WALL_CLOCK_METRICS = ["time", "throughput"];
var DEFAULT_WALL_CLOCK_GATE = ["time"];
var DEFAULT_MAX_TIME_MS = 3e3;
var DEFAULT_MAX_WARMUP_TIME_MS = 1e3;
var THROUGHPUT_INPUT_DEFAULT = "haystack";
var DEFAULT_MODEL = "default";
var DEFAULT_INSTRUCTIONS_THRESHOLD = 0.01;
function expecting(what) {
  return { error: `expected ${what}` };
}
function parsedWith(parse2) {
  return (text, ctx) => {
    try {
      return parse2(text);
    } catch (error2) {
      if (!(error2 instanceof ValueError)) throw error2;
      ctx.addIssue({ code: "custom", message: error2.message, params: { hint: error2.hint } });
      return NEVER;
    }
  };
}
function withDefault(defaultValue) {
  return defaultValue === void 0 ? {} : { default: defaultValue };
}
var durationSchema = (description, defaultValue) => string2(expecting(EXPECTED_DURATION)).meta({
  description,
  pattern: DURATION_PATTERN,
  ...withDefault(defaultValue),
  examples: ["60s", "500ms", "2m", "1m30s"]
}).transform(parsedWith(parseDurationMs));
var percentSchema = (description, defaultValue) => string2(expecting(EXPECTED_PERCENT)).meta({ description, pattern: PERCENT_PATTERN, ...withDefault(defaultValue), examples: ["5%", "0.5%"] }).transform(parsedWith(parsePercent));
var runsSchema = (description, defaultValue) => {
  const error2 = expecting("a whole number of at least 2");
  return number2(error2).int(error2).min(2, error2).meta({ description, ...withDefault(defaultValue) });
};
var warmupSchema = (description, defaultValue) => {
  const error2 = expecting("a whole number of at least 0");
  return number2(error2).int(error2).min(0, error2).meta({ description, ...withDefault(defaultValue) });
};
var alphaSchema = (description, defaultValue) => {
  const error2 = expecting("a significance level above 0 and below 0.5, like 0.01");
  return number2(error2).gt(0, error2).lt(0.5, error2).meta({ description, ...withDefault(defaultValue) });
};
var shellSchema = boolean2(expecting("true or false")).meta({ description: `Run the command as a script with ${SHELL} -c; the command must then be one string.` });
var cwdSchema = string2(expecting("a directory path")).min(1, expecting("a directory path")).meta({ description: "Working directory; a relative path is resolved against the directory of bench.yml." });
var envValueSchema = union([string2(), number2(), boolean2()], expecting("a string (numbers and booleans are converted)")).transform(String);
var envSchema = (description) => record(
  string2().regex(/^[^=\0]+$/, expecting('a non-empty variable name without "="')),
  envValueSchema,
  expecting("a mapping of environment variable names to values")
).meta({ description });
var argumentSchema = union([string2(), number2(), boolean2()], expecting("a string")).transform(String);
var argvSchema = array(argumentSchema, expecting("a list of strings")).min(1, expecting("a non-empty list of arguments"));
var commandStringSchema = string2(expecting("a command")).min(1, expecting("a non-empty command"));
var EXPECTED_COMMAND = "a command: a list of strings like [app, --version] or one string";
var commandSchema = union([commandStringSchema, argvSchema], expecting(EXPECTED_COMMAND)).meta({
  description: "The command: an argv list, or a string split into words like a shell would but run without one (unless shell: true).",
  examples: [["./target/release/app", "--version"], "./target/release/app --version"]
});
function checkCommandForm(command, shell, ctx, key) {
  const path12 = Array.isArray(key) ? key : key === "" ? [] : [key];
  if (shell === true) {
    if (Array.isArray(command)) {
      ctx.addIssue({
        code: "custom",
        path: path12,
        message: `expected one string (a script for ${SHELL} -c)`,
        params: {
          hint: "with shell: true the command is a shell script; write it as one string, or drop shell: true to keep the argv list"
        }
      });
    }
    return;
  }
  if (Array.isArray(command)) {
    if (command[0] === "") {
      ctx.addIssue({ code: "custom", path: [...path12, 0], message: "expected the program to run" });
    }
    return;
  }
  try {
    if (splitCommand(command).length === 0) {
      ctx.addIssue({ code: "custom", path: path12, message: "expected a non-empty command" });
    }
  } catch (error2) {
    if (!(error2 instanceof ValueError)) throw error2;
    ctx.addIssue({ code: "custom", path: path12, message: error2.message, params: { hint: error2.hint } });
  }
}
function requireOneOf(entry, [first, second], ctx, hintWhenBoth) {
  if (entry[first] !== void 0 && entry[second] !== void 0) {
    ctx.addIssue({
      code: "custom",
      path: [second],
      message: `expected either ${first} or ${second}, not both`,
      params: { hint: hintWhenBoth }
    });
  } else if (entry[first] === void 0 && entry[second] === void 0) {
    ctx.addIssue({ code: "custom", path: [], message: `missing required key "${first}" (or ${second})` });
  }
}
var nameSchema = string2(expecting("a non-empty name")).min(1, expecting("a non-empty name")).regex(/^[^\x00-\x1f\x7f]*$/, expecting("a name on one line, without control characters")).meta({ description: "Unique in the file; names the benchmark in reports and baselines." });
var SUITE_EXPECTED = 'a suite name made of letters, digits, ".", "_" and "-" (it is used in file names)';
var suiteSchema = string2(expecting(SUITE_EXPECTED)).regex(/^[A-Za-z0-9._-]+$/, expecting(SUITE_EXPECTED)).refine((suite) => !/^\.+$/.test(suite), expecting(SUITE_EXPECTED)).meta({
  description: "Names the PR comment and the baselines.",
  default: DEFAULT_SUITE,
  examples: ["example"]
});
function gateSchemaFor(metrics, defaultMetric) {
  const metricSchema2 = _enum(metrics, expecting(`one of: ${metrics.join(", ")}`));
  return union(
    [
      metricSchema2,
      array(metricSchema2, expecting("a list of metric names")).min(1, expecting("a non-empty list of metric names"))
    ],
    expecting(`a metric name or a list of them (one of: ${metrics.join(", ")})`)
  ).meta({
    description: "Metrics whose verdicts decide pass or fail; the others are reported only.",
    default: defaultMetric
  }).transform((gate) => [...new Set(Array.isArray(gate) ? gate : [gate])]);
}
var gateSchema2 = gateSchemaFor(PROCESS_METRICS, "wall");
var timeoutDescription = "Per run; a run past it is killed and the benchmark fails.";
var processBenchmarkSchema = strictObject(
  {
    name: nameSchema,
    kind: literal("process").meta({ description: "Whole-process runs: wall, user and sys time, max RSS, faults." }),
    command: commandSchema,
    shell: shellSchema.optional(),
    cwd: cwdSchema.optional(),
    env: envSchema("Environment variables added for this benchmark, over defaults.env.").optional(),
    threshold: percentSchema(
      "Worse than this and significant is a regression. Inherits defaults.threshold (5%)."
    ).optional(),
    alpha: alphaSchema(
      "Significance level of the regression test. Inherits defaults.alpha (0.01)."
    ).optional(),
    runs: runsSchema("Measured runs. Inherits defaults.runs (20).").optional(),
    warmup: warmupSchema("Runs before measuring, discarded. Inherits defaults.warmup (2).").optional(),
    timeout: durationSchema(`${timeoutDescription} Inherits defaults.timeout (60s).`).optional(),
    gate: gateSchema2.optional()
  },
  expecting("a benchmark: a mapping with name, kind and command")
).superRefine((benchmark, ctx) => checkCommandForm(benchmark.command, benchmark.shell, ctx, "command"));
var flagSchema = (description) => boolean2(expecting("true or false")).meta({ description });
var instructionsBenchmarkSchema = strictObject(
  {
    name: nameSchema,
    kind: literal("instructions").meta({
      description: "Exact instruction and cache counts from one run under valgrind --tool=callgrind."
    }),
    command: commandSchema.optional(),
    import: strictObject(
      {
        format: literal("iai-callgrind", expecting('"iai-callgrind"')).meta({
          description: "iai-callgrind (Gungraun) JSON summaries, as `cargo bench` writes them."
        }),
        path: string2(expecting("a file or directory path")).min(1, expecting("a file or directory path")).meta({
          description: "A summary.json, or a directory searched for them (e.g. target/iai); relative to bench.yml."
        })
      },
      expecting("a mapping with format and path")
    ).meta({ description: "Read counts measured by another tool instead of running a command." }).optional(),
    shell: shellSchema.optional(),
    cwd: cwdSchema.optional(),
    env: envSchema(
      "The whole environment of the program (counts depend on it): nothing else is passed, not even PATH."
    ).optional(),
    threshold: percentSchema(
      "A count worse than this is a regression. Default 1% (defaults.threshold is for timed kinds)."
    ).optional(),
    timeout: durationSchema(`${timeoutDescription} Inherits defaults.timeout (60s).`).optional(),
    "entry-point": string2(expecting("a function name or glob")).min(1, expecting("a function name or glob")).meta({
      description: 'Count only inside functions matching this name or glob (callgrind --toggle-collect), e.g. "app::parse" or "parse*".'
    }).optional(),
    harness: flagSchema(
      "The command is a bench-action harness (runners/): one benchmark per name it lists, each counted inside bench_action_measure only."
    ).optional(),
    "cache-sim": flagSchema(
      "Simulate caches for L1/LL/RAM hits and estimated cycles (default true; slower)."
    ).optional(),
    "branch-sim": flagSchema("Simulate branch prediction: Bc, Bcm, Bi, Bim (default false).").optional(),
    gate: gateSchemaFor(INSTRUCTION_METRICS, "ir").optional()
  },
  expecting("a benchmark: a mapping with name, kind and command")
).superRefine((benchmark, ctx) => {
  requireOneOf(
    benchmark,
    ["command", "import"],
    ctx,
    "run the tool that writes the summaries as a setup step"
  );
  if (benchmark.command !== void 0) checkCommandForm(benchmark.command, benchmark.shell, ctx, "command");
});
var RESERVED_KLV_KEYS = [
  "name",
  "model",
  "max-iters",
  "max-warmup-iters",
  "max-time",
  "max-warmup-time",
  "sample-time",
  "threads"
];
var KLV_KEY_EXPECTED = 'a key without ":", spaces or line breaks';
var klvKeySchema = string2(expecting(KLV_KEY_EXPECTED)).regex(/^[^:\s]+$/, expecting(KLV_KEY_EXPECTED)).refine((key) => !RESERVED_KLV_KEYS.includes(key), {
  error: `expected a key other than the ones bench-action writes itself (${RESERVED_KLV_KEYS.join(", ")})`
});
var inputValueSchema = union(
  [
    string2(),
    number2(),
    boolean2(),
    strictObject(
      {
        path: string2(expecting("a file path")).min(1, expecting("a file path")).meta({ description: "A file whose bytes are the value; relative to bench.yml." })
      },
      expecting("a mapping with path")
    )
  ],
  expecting("a string, a number, true/false or { path: FILE }")
).meta({ description: "A value written as is, or { path: FILE } for the contents of a file." });
var engineNameSchema = string2(expecting("an engine name")).regex(/^[A-Za-z0-9_.:/+-]+$/, expecting("an engine name made of letters, digits and _ . : / + -"));
var positiveIntSchema = (description) => {
  const error2 = expecting("a whole number of at least 1");
  return number2(error2).int(error2).min(1, error2).meta({ description });
};
var wallClockBenchmarkSchema = strictObject(
  {
    name: nameSchema,
    kind: literal("wall-clock").meta({
      description: "In-process samples from a runner program speaking rebar's runner protocol (KLV on stdin, duration,count lines out)."
    }),
    runner: commandSchema.meta({ description: "The runner program: it reads the configuration on stdin and prints samples." }).optional(),
    engines: record(engineNameSchema, commandSchema, expecting("a mapping of engine names to runner commands")).refine((engines) => Object.keys(engines).length > 0, expecting("at least one engine")).meta({
      description: "Several runners of the same benchmark (rebar engines), measured alike and ranked against the fastest."
    }).optional(),
    harness: flagSchema(
      "The runner is a bench-action harness (runners/): one benchmark per name it lists, sampled with --samples NAME."
    ).optional(),
    model: string2(expecting("a model name")).min(1, expecting("a model name")).meta({ description: 'What the runner should do with the input (rebar model), e.g. "iter".' }).optional(),
    input: record(klvKeySchema, inputValueSchema, expecting("a mapping of input names to values")).meta({ description: "Written to the runner as KLV items, in this order." }).optional(),
    params: record(klvKeySchema, envValueSchema, expecting("a mapping of parameter names to values")).meta({ description: "Written to the runner as param.NAME items." }).optional(),
    threads: positiveIntSchema("Written to the runner as the threads item.").optional(),
    count: number2(expecting("a whole number of at least 0")).int(expecting("a whole number of at least 0")).min(0, expecting("a whole number of at least 0")).meta({ description: "The count every sample must report; a different count fails the benchmark." }).optional(),
    throughput: klvKeySchema.meta({
      description: "The input whose size in bytes is the work of one call, for a bytes/s metric (default: haystack, or the only { path } input)."
    }).optional(),
    shell: shellSchema.optional(),
    cwd: cwdSchema.optional(),
    env: envSchema("Environment variables added for this benchmark, over defaults.env.").optional(),
    threshold: percentSchema(
      "Worse than this and significant is a regression. Inherits defaults.threshold (5%)."
    ).optional(),
    alpha: alphaSchema(
      "Significance level of the regression test. Inherits defaults.alpha (0.01)."
    ).optional(),
    runs: runsSchema("Samples to take (KLV max-iters). Inherits defaults.runs (20).").optional(),
    warmup: warmupSchema(
      "Warm-up calls before sampling (KLV max-warmup-iters). Inherits defaults.warmup (2)."
    ).optional(),
    "max-time": durationSchema(
      "Sampling stops after this long even if fewer samples were taken.",
      "3s"
    ).optional(),
    "max-warmup-time": durationSchema("Warming up stops after this long.", "1s").optional(),
    "sample-time": durationSchema(
      "For harnesses that time many calls per sample: how long one sample should last (harness default 1ms)."
    ).optional(),
    timeout: durationSchema(
      "The whole runner invocation; past it the runner is killed and the benchmark fails. Inherits defaults.timeout (60s)."
    ).optional(),
    gate: gateSchemaFor(WALL_CLOCK_METRICS, "time").optional()
  },
  expecting("a benchmark: a mapping with name, kind and runner")
).superRefine((benchmark, ctx) => {
  requireOneOf(
    benchmark,
    ["runner", "engines"],
    ctx,
    "one runner is one engine; list it under engines with the others"
  );
  if (benchmark.harness === true && Object.keys(benchmark.engines ?? {}).length > 1) {
    ctx.addIssue({
      code: "custom",
      path: ["harness"],
      message: "expected one runner with harness: true (a harness lists its own benchmarks)",
      params: { hint: "give each harness its own benchmark entry" }
    });
  }
  if (benchmark.runner !== void 0) checkCommandForm(benchmark.runner, benchmark.shell, ctx, "runner");
  for (const [engine, command] of Object.entries(benchmark.engines ?? {})) {
    checkCommandForm(command, benchmark.shell, ctx, ["engines", engine]);
  }
  if (benchmark.throughput !== void 0 && !(benchmark.throughput in (benchmark.input ?? {}))) {
    ctx.addIssue({
      code: "custom",
      path: ["throughput"],
      message: `expected the name of an input, one of: ${Object.keys(benchmark.input ?? {}).join(", ") || "(no input given)"}`
    });
  }
});
var benchmarkSchema = discriminatedUnion(
  "kind",
  [processBenchmarkSchema, instructionsBenchmarkSchema, wallClockBenchmarkSchema],
  expecting("a benchmark: a mapping with name, kind and command")
);
var SUPPORTED_KINDS = benchmarkSchema.options.map(
  (option) => option.shape.kind.value
);
var setupStepObjectSchema = strictObject(
  {
    run: commandSchema,
    shell: shellSchema.optional(),
    cwd: cwdSchema.optional(),
    env: envSchema("Environment variables added for this step, over defaults.env.").optional(),
    timeout: durationSchema(
      "The whole step; past it the step is killed and the run fails.",
      "10m"
    ).optional()
  },
  expecting("a setup step")
).superRefine((step, ctx) => checkCommandForm(step.run, step.shell, ctx, "run"));
var setupStepSchema = union(
  [
    commandStringSchema.superRefine((command, ctx) => checkCommandForm(command, false, ctx, "")),
    argvSchema.superRefine((command, ctx) => checkCommandForm(command, false, ctx, "")),
    setupStepObjectSchema
  ],
  expecting("a setup step: a command (a list of strings or one string) or a mapping with run:")
).meta({ description: "Run once, in order, before measuring: build steps." });
var defaultsSchema = strictObject(
  {
    threshold: percentSchema("Worse than this and significant is a regression.", "5%").optional(),
    runs: runsSchema("Measured runs per benchmark.", DEFAULTS.runs).optional(),
    warmup: warmupSchema("Runs before measuring, discarded.", DEFAULTS.warmup).optional(),
    timeout: durationSchema(timeoutDescription, "60s").optional(),
    alpha: alphaSchema("Significance level of the regression test.", DEFAULTS.alpha).optional(),
    env: envSchema("Environment variables for every setup step and benchmark.").optional()
  },
  expecting("a mapping of default values")
).meta({ description: "Values every benchmark inherits unless it sets its own." });
var configSchema = strictObject(
  {
    suite: suiteSchema.optional(),
    defaults: defaultsSchema.optional(),
    setup: array(setupStepSchema, expecting("a list of setup steps")).optional(),
    benchmarks: array(benchmarkSchema, expecting("a non-empty list of benchmarks")).min(1, expecting("a non-empty list of benchmarks")).superRefine((benchmarks, ctx) => {
      const firstIndex = /* @__PURE__ */ new Map();
      benchmarks.forEach((benchmark, index) => {
        const earlier = firstIndex.get(benchmark.name);
        if (earlier === void 0) {
          firstIndex.set(benchmark.name, index);
          return;
        }
        ctx.addIssue({
          code: "custom",
          path: [index, "name"],
          message: `duplicate name "${benchmark.name}": benchmarks[${earlier}] and benchmarks[${index}] both use it`
        });
      });
    }).meta({ description: "What to measure; each benchmark has a unique name and a kind." })
  },
  expecting("a mapping with suite, defaults, setup and benchmarks")
).meta({
  title: "bench-action config",
  description: "bench.yml: what bench-action measures and how it decides."
});

// src/config/load.ts
var CONFIG_FILE_NAMES = [
  "bench.yml",
  "bench.yaml",
  ".github/bench.yml",
  ".github/bench.yaml"
];
function findConfigFile(cwd) {
  for (const name of CONFIG_FILE_NAMES) {
    const candidate = path2.resolve(cwd, name);
    if (statSync(candidate, { throwIfNoEntry: false })?.isFile()) return candidate;
  }
  return null;
}
async function loadConfig(file) {
  let text;
  try {
    text = await readFile2(file, "utf8");
  } catch (error2) {
    throw new ConfigError(file, { path: "", detail: readFailure(error2) });
  }
  return parseConfig(text, file);
}
function readFailure(error2) {
  const code = error2.code;
  if (code === "ENOENT") return "no such config file";
  if (code === "EISDIR") return "is a directory, expected a YAML config file";
  if (code === "EACCES" || code === "EPERM") return "cannot read the config file: permission denied";
  return `cannot read the config file: ${error2.message}`;
}
function parseConfig(text, file) {
  const lineCounter = new import_yaml2.LineCounter();
  const doc = (0, import_yaml2.parseDocument)(text, { lineCounter, prettyErrors: false, merge: true, uniqueKeys: true });
  const source = { doc, lineCounter };
  const syntaxError = doc.errors[0];
  if (syntaxError !== void 0) throw new ConfigError(file, yamlProblem(syntaxError, text, source));
  if (doc.contents === null) {
    throw new ConfigError(file, {
      path: "",
      expected: 'a mapping with a "benchmarks" list',
      detail: 'the file is empty; expected a mapping with a "benchmarks" list'
    });
  }
  let data;
  try {
    data = doc.toJS({ maxAliasCount: 1e3 });
  } catch (error2) {
    throw new ConfigError(file, { path: "", detail: `invalid YAML: ${error2.message}` });
  }
  keepArgumentSource(doc, data);
  const parsed = configSchema.safeParse(data, { error: fallbackMessage });
  if (!parsed.success) {
    throw new ConfigError(file, problemsFromIssues(parsed.error.issues, data, configSchema, source));
  }
  return resolveConfig(parsed.data, path2.resolve(file));
}
function fallbackMessage(issue2) {
  if (issue2.code === "invalid_type") return `expected ${issue2.expected}`;
  return void 0;
}
function keepArgumentSource(doc, data) {
  const textPaths = [];
  const addEnv = (at, env) => {
    if (isRecord(env)) for (const key of Object.keys(env)) textPaths.push([...at, key]);
  };
  const addArgv = (at, argv) => {
    if (Array.isArray(argv)) for (let i = 0; i < argv.length; i++) textPaths.push([...at, i]);
  };
  if (!isRecord(data)) return;
  if (isRecord(data.defaults)) addEnv(["defaults", "env"], data.defaults.env);
  if (Array.isArray(data.setup)) {
    data.setup.forEach((step, i) => {
      addArgv(["setup", i], step);
      if (isRecord(step)) {
        addArgv(["setup", i, "run"], step.run);
        addEnv(["setup", i, "env"], step.env);
      }
    });
  }
  if (Array.isArray(data.benchmarks)) {
    data.benchmarks.forEach((benchmark, i) => {
      if (!isRecord(benchmark)) return;
      addArgv(["benchmarks", i, "command"], benchmark.command);
      addArgv(["benchmarks", i, "runner"], benchmark.runner);
      if (isRecord(benchmark.engines)) {
        for (const engine of Object.keys(benchmark.engines))
          addArgv(["benchmarks", i, "engines", engine], benchmark.engines[engine]);
      }
      addEnv(["benchmarks", i, "env"], benchmark.env);
      addEnv(["benchmarks", i, "params"], benchmark.params);
      addEnv(["benchmarks", i, "input"], benchmark.input);
    });
  }
  for (const at of textPaths) {
    const parent = at.slice(0, -1).reduce((value2, key2) => value2[key2], data);
    const key = at[at.length - 1];
    const value = parent[key];
    if (typeof value !== "number" && typeof value !== "boolean") continue;
    const node2 = doc.getIn(at, true);
    if ((0, import_yaml2.isScalar)(node2) && typeof node2.source === "string")
      parent[key] = node2.source;
  }
}
function isRecord(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}
function configJsonSchema() {
  return toJSONSchema(configSchema, { io: "input" });
}
function toArgv(command, shell) {
  if (shell) return [SHELL, "-c", command];
  return typeof command === "string" ? splitCommand(command) : command;
}
function resolveConfig(entry, file) {
  const dir = path2.dirname(file);
  const defaults = {
    threshold: entry.defaults?.threshold ?? DEFAULTS.threshold,
    runs: entry.defaults?.runs ?? DEFAULTS.runs,
    warmup: entry.defaults?.warmup ?? DEFAULTS.warmup,
    timeoutMs: entry.defaults?.timeout ?? DEFAULTS.timeoutMs,
    alpha: entry.defaults?.alpha ?? DEFAULTS.alpha
  };
  const defaultEnv = entry.defaults?.env ?? {};
  return {
    file,
    dir,
    suite: entry.suite ?? DEFAULT_SUITE,
    defaults,
    setup: (entry.setup ?? []).map((step) => resolveSetupStep(step, dir, defaultEnv)),
    benchmarks: entry.benchmarks.map((benchmark) => resolveBenchmark(benchmark, dir, defaults, defaultEnv))
  };
}
function resolveSetupStep(step, dir, defaultEnv) {
  const form = typeof step === "string" || Array.isArray(step) ? { run: step } : step;
  const shell = form.shell ?? false;
  return {
    command: toArgv(form.run, shell),
    shell,
    cwd: path2.resolve(dir, form.cwd ?? "."),
    env: { ...defaultEnv, ...form.env },
    timeoutMs: form.timeout ?? DEFAULT_SETUP_TIMEOUT_MS
  };
}
function resolveBenchmark(benchmark, dir, defaults, defaultEnv) {
  const shell = benchmark.shell ?? false;
  const common = {
    name: benchmark.name,
    shell,
    cwd: path2.resolve(dir, benchmark.cwd ?? "."),
    env: { ...defaultEnv, ...benchmark.env }
  };
  switch (benchmark.kind) {
    case "process": {
      return {
        ...common,
        kind: "process",
        command: toArgv(benchmark.command, shell),
        threshold: benchmark.threshold ?? defaults.threshold,
        alpha: benchmark.alpha ?? defaults.alpha,
        runs: benchmark.runs ?? defaults.runs,
        warmup: benchmark.warmup ?? defaults.warmup,
        timeoutMs: benchmark.timeout ?? defaults.timeoutMs,
        gate: benchmark.gate ?? [...DEFAULT_PROCESS_GATE]
      };
    }
    case "instructions": {
      return {
        ...common,
        kind: "instructions",
        command: benchmark.command === void 0 ? [] : toArgv(benchmark.command, shell),
        threshold: benchmark.threshold ?? DEFAULT_INSTRUCTIONS_THRESHOLD,
        timeoutMs: benchmark.timeout ?? defaults.timeoutMs,
        entryPoint: benchmark["entry-point"],
        harness: benchmark.harness ?? false,
        import: benchmark.import && {
          format: benchmark.import.format,
          path: path2.resolve(dir, benchmark.import.path)
        },
        cacheSim: benchmark["cache-sim"] ?? true,
        branchSim: benchmark["branch-sim"] ?? false,
        gate: benchmark.gate ?? [...DEFAULT_INSTRUCTIONS_GATE]
      };
    }
    case "wall-clock": {
      const engines = benchmark.runner !== void 0 ? [{ name: "", command: toArgv(benchmark.runner, shell) }] : Object.entries(benchmark.engines ?? {}).map(([name, command]) => ({
        name,
        command: toArgv(command, shell)
      }));
      const input = Object.entries(benchmark.input ?? {}).map(([key, value]) => ({
        key,
        value: typeof value === "object" ? { path: path2.resolve(dir, value.path) } : { text: typeof value === "string" ? value : String(value) }
      }));
      return {
        ...common,
        kind: "wall-clock",
        engines,
        harness: benchmark.harness ?? false,
        model: benchmark.model ?? DEFAULT_MODEL,
        input,
        params: Object.entries(benchmark.params ?? {}).map(([key, value]) => ({ key, value })),
        threads: benchmark.threads,
        count: benchmark.count,
        throughputInput: benchmark.throughput ?? defaultThroughputInput(input),
        threshold: benchmark.threshold ?? defaults.threshold,
        alpha: benchmark.alpha ?? defaults.alpha,
        runs: benchmark.runs ?? defaults.runs,
        warmup: benchmark.warmup ?? defaults.warmup,
        maxTimeMs: benchmark["max-time"] ?? DEFAULT_MAX_TIME_MS,
        maxWarmupTimeMs: benchmark["max-warmup-time"] ?? DEFAULT_MAX_WARMUP_TIME_MS,
        sampleTimeMs: benchmark["sample-time"],
        timeoutMs: benchmark.timeout ?? defaults.timeoutMs,
        gate: benchmark.gate ?? [...DEFAULT_WALL_CLOCK_GATE]
      };
    }
  }
}
function defaultThroughputInput(input) {
  if (input.some((i) => i.key === THROUGHPUT_INPUT_DEFAULT)) return THROUGHPUT_INPUT_DEFAULT;
  const files = input.filter((i) => "path" in i.value);
  return files.length === 1 ? files[0].key : void 0;
}

// src/measure/wall-clock.ts
import { readFile as readFile4 } from "node:fs/promises";

// src/formats/klv.ts
var RunnerOutputError = class extends Error {
  name = "RunnerOutputError";
};
function encodeKlv(entries2) {
  const parts = [];
  for (const [key, value] of entries2) {
    if (key === "") throw new Error("a KLV key may not be empty");
    if (/[:\r\n]/.test(key)) {
      throw new Error(`the KLV key ${JSON.stringify(key)} may not contain ':' or a line break`);
    }
    const bytes = typeof value === "string" ? Buffer.from(value, "utf8") : Buffer.from(value);
    parts.push(Buffer.from(`${key}:${bytes.length}:`, "utf8"), bytes, Buffer.from("\n"));
  }
  return Buffer.concat(parts);
}
var SAMPLE_LINE = /^([0-9]+),([0-9]+)(?:,([0-9]+)(?:,([0-9]+))?)?$/;
function parseRunnerSamples(text, source) {
  const samples = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/\r$/, "");
    if (line.trim() === "") continue;
    const match = SAMPLE_LINE.exec(line);
    const shown = line.length > 80 ? `${line.slice(0, 80)}…` : line;
    if (!match) {
      throw new RunnerOutputError(
        `${source}: line ${i + 1} of the output is ${JSON.stringify(shown)}, expected "duration,count" (an integer number of nanoseconds, a comma and an integer count; harnesses may add ",iterations,bytes")`
      );
    }
    const numbers = match.slice(1).filter((field) => field !== void 0).map(Number);
    if (!numbers.every((n, at) => at === 1 || Number.isSafeInteger(n))) {
      throw new RunnerOutputError(
        `${source}: line ${i + 1} of the output is ${JSON.stringify(shown)}, a number too large to be exact`
      );
    }
    const [durationNs, count2, iterations = 1, bytes] = numbers;
    const countText = Number.isSafeInteger(count2) ? void 0 : match[2].replace(/^0+(?=\d)/, "");
    if (iterations < 1) {
      throw new RunnerOutputError(
        `${source}: line ${i + 1} of the output is ${JSON.stringify(shown)}, a sample of 0 iterations`
      );
    }
    const sample = { durationNs, count: count2, iterations };
    if (bytes !== void 0) sample.bytes = bytes;
    if (countText !== void 0) sample.countText = countText;
    samples.push(sample);
  }
  return samples;
}

// src/measure/harness.ts
import { execFile } from "node:child_process";
import { promisify } from "node:util";
var run = promisify(execFile);
var BENCHMARK_NAME = /^[A-Za-z0-9_./:-]+$/;
async function listHarnessBenchmarks(argv, options) {
  let stdout;
  try {
    stdout = (await run(argv[0], [...argv.slice(1), "--list"], {
      cwd: options.cwd,
      env: options.env,
      timeout: options.timeoutMs,
      maxBuffer: 16 * 1024 * 1024
    })).stdout;
  } catch (error2) {
    const e = error2;
    const reason = e.code === "ENOENT" ? `cannot execute harness "${argv[0]}": not found` : e.message.split("\n")[0];
    return {
      error: {
        message: `the harness could not list its benchmarks (--list): ${reason}`,
        ...e.stderr ? { stderrTail: e.stderr.slice(-4096) } : {}
      }
    };
  }
  const names = stdout.split("\n").map((l) => l.trim()).filter((l) => l !== "");
  if (names.length === 0) {
    return { error: { message: "the harness lists no benchmarks (--list printed nothing)" } };
  }
  const bad = names.find((n) => !BENCHMARK_NAME.test(n));
  if (bad !== void 0) {
    return {
      error: {
        message: `the harness listed ${JSON.stringify(bad.slice(0, 80))}, not a benchmark name (letters, digits and _ . / : -)`
      }
    };
  }
  const seen = /* @__PURE__ */ new Set();
  const twice = names.find((n) => seen.size === seen.add(n).size);
  if (twice !== void 0) return { error: { message: `the harness listed ${twice} twice` } };
  return { names };
}

// src/measure/result.ts
function resultFor(c, outcome) {
  const { metrics, error: error2, notes = [], functions } = outcome;
  return {
    id: c.id,
    name: c.name,
    kind: c.kind,
    parameters: { ...c.parameters },
    command: [...c.command],
    status: error2 ? "failed" : "ok",
    ...error2 ? { error: error2 } : {},
    metrics,
    gate: c.gate,
    notes,
    ...functions ? { functions } : {}
  };
}
function failedResult(c, error2, notes = []) {
  return resultFor(c, { metrics: {}, error: error2, notes });
}

// src/measure/runner-protocol.ts
import { spawn as spawn2 } from "node:child_process";

// src/measure/exec-helper.ts
import { execFile as execFile2, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { access, constants, mkdir as mkdir2, readFile as readFile3, rename as rename2, rm } from "node:fs/promises";
import os from "node:os";
import path3 from "node:path";
import { fileURLToPath } from "node:url";
var SOURCE_IN_PACKAGE = path3.join("runners", "exec", "exec.c");
var VERSION_PREFIX = "bench-action exec ";
var COMPILE_FLAGS = ["-O2"];
var HELPER_STDERR_BYTES = 4096;
var TAIL_LINES = 20;
var TAIL_CHARS = 2048;
function findExecHelperSource(fromDir = path3.dirname(fileURLToPath(import.meta.url))) {
  let dir = path3.resolve(fromDir);
  for (; ; ) {
    const candidate = path3.join(dir, SOURCE_IN_PACKAGE);
    if (existsSync(candidate)) return candidate;
    const parent = path3.dirname(dir);
    if (parent === dir)
      throw new Error(`cannot find ${SOURCE_IN_PACKAGE} in ${fromDir} or any directory above it`);
    dir = parent;
  }
}
function execHelperCacheDir(env = process.env) {
  if (env.BENCH_ACTION_CACHE_DIR) return path3.resolve(env.BENCH_ACTION_CACHE_DIR);
  if (env.XDG_CACHE_HOME) return path3.join(path3.resolve(env.XDG_CACHE_HOME), "bench-action");
  return path3.join(env.HOME || os.homedir(), ".cache", "bench-action");
}
function runTool(file, args, env, cwd) {
  return new Promise((resolve, reject) => {
    execFile2(
      file,
      args,
      { env, cwd, timeout: 12e4, maxBuffer: 4 * 1024 * 1024 },
      (error2, stdout, stderr) => {
        if (error2) reject(Object.assign(error2, { stdout, stderr }));
        else resolve({ stdout, stderr });
      }
    );
  });
}
var compilerSearches = /* @__PURE__ */ new Map();
function findCCompiler(env = process.env) {
  const key = `${env.CC ?? ""}\0${env.PATH ?? ""}`;
  let search = compilerSearches.get(key);
  if (!search) {
    search = searchCCompiler(env);
    compilerSearches.set(key, search);
  }
  return search;
}
async function searchCCompiler(env) {
  const candidates = [];
  const fromEnv = env.CC?.trim().split(/\s+/).filter(Boolean);
  if (fromEnv?.length) candidates.push(fromEnv);
  candidates.push(["cc"], ["gcc"], ["clang"], ["zig", "cc"]);
  for (const argv of candidates) {
    try {
      const { stdout, stderr } = await runTool(argv[0], [...argv.slice(1), "--version"], env);
      return { argv, identity: `${argv.join(" ")}
${(stdout || stderr).trim()}` };
    } catch {
    }
  }
  const tried = candidates.map((argv) => argv === fromEnv ? `$CC (${argv.join(" ")})` : argv.join(" "));
  return { unavailable: `tried ${tried.join(", ")}` };
}
async function ensureExecHelper(options = {}) {
  const env = options.env ?? process.env;
  if (process.platform === "win32") return { unavailable: "Windows has no wait4 or process groups" };
  const compiler = await findCCompiler(env);
  if ("unavailable" in compiler) return compiler;
  const sourcePath = options.sourcePath ?? findExecHelperSource();
  const source = await readFile3(sourcePath);
  const hash = createHash("sha256").update(source).update("\0").update(compiler.identity).update("\0").update(COMPILE_FLAGS.join(" ")).digest("hex").slice(0, 16);
  const cacheDir = options.cacheDir ?? execHelperCacheDir(env);
  const helperPath = path3.join(cacheDir, `exec-${hash}`);
  try {
    await access(helperPath, constants.X_OK);
    return { path: helperPath, built: false };
  } catch {
  }
  await mkdir2(cacheDir, { recursive: true });
  const temporaryPath = `${helperPath}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const [cc, ...ccArgs] = compiler.argv;
  try {
    try {
      await runTool(cc, [...ccArgs, ...COMPILE_FLAGS, "-o", temporaryPath, sourcePath], env, cacheDir);
    } catch (error2) {
      const e = error2;
      const output = (e.stderr || e.stdout || e.message).trim();
      throw new Error(
        `building the exec helper ${sourcePath} with ${compiler.argv.join(" ")} failed:
${output}`
      );
    }
    const { stdout } = await runTool(temporaryPath, ["--version"], env);
    if (!stdout.startsWith(VERSION_PREFIX)) {
      throw new Error(
        `the exec helper built from ${sourcePath} answered --version with ${JSON.stringify(stdout)}`
      );
    }
    await rename2(temporaryPath, helperPath);
  } finally {
    await rm(temporaryPath, { force: true });
  }
  return { path: helperPath, built: true };
}
var runLineSchema = object({
  phase: _enum(["warmup", "run"]),
  i: number2().int().nonnegative(),
  wall_ns: number2().nonnegative(),
  user_us: number2().nonnegative(),
  sys_us: number2().nonnegative(),
  maxrss_kb: number2().nonnegative(),
  minflt: number2().nonnegative(),
  majflt: number2().nonnegative(),
  nvcsw: number2().nonnegative(),
  nivcsw: number2().nonnegative(),
  exit: number2().int().nullable(),
  signal: string2().nullable(),
  timed_out: boolean2(),
  stderr_hex: string2().optional()
});
var spawnErrorLineSchema = object({
  phase: _enum(["warmup", "run"]),
  i: number2().int().nonnegative(),
  spawn_error: string2(),
  errno: number2().int(),
  program: string2()
});
function stderrTail(bytes, cutAtStart = false) {
  let lines = bytes.toString("utf8").replace(/\s+$/, "").split(/\r?\n/);
  let cut = cutAtStart;
  if (cutAtStart && lines.length > 1) lines = lines.slice(1);
  if (lines.length > TAIL_LINES) {
    lines = lines.slice(-TAIL_LINES);
    cut = true;
  }
  let text = lines.join("\n");
  if (text.length > TAIL_CHARS) {
    text = text.slice(-TAIL_CHARS);
    cut = true;
  }
  return cut && text !== "" ? `…${text}` : text;
}
function parseLine(line) {
  let data;
  try {
    data = JSON.parse(line);
  } catch {
    throw new Error(`the exec helper printed a line that is not JSON: ${line}`);
  }
  const spawnError = spawnErrorLineSchema.safeParse(data);
  if (spawnError.success) {
    const s = spawnError.data;
    return { kind: "spawn", phase: s.phase, index: s.i, program: s.program, reason: s.spawn_error };
  }
  const parsed = runLineSchema.safeParse(data);
  if (!parsed.success) {
    throw new Error(
      `the exec helper printed an unexpected line (${parsed.error.issues[0]?.message}): ${line}`
    );
  }
  const r = parsed.data;
  const run5 = {
    phase: r.phase,
    index: r.i,
    wallNs: r.wall_ns,
    userUs: r.user_us,
    sysUs: r.sys_us,
    maxRssBytes: r.maxrss_kb * 1024,
    minorFaults: r.minflt,
    majorFaults: r.majflt,
    voluntaryCs: r.nvcsw,
    involuntaryCs: r.nivcsw,
    exitCode: r.exit,
    signal: r.signal,
    timedOut: r.timed_out
  };
  if (r.stderr_hex !== void 0) {
    const bytes = Buffer.from(r.stderr_hex, "hex");
    run5.stderrTail = stderrTail(bytes, bytes.length >= HELPER_STDERR_BYTES);
  }
  return run5;
}
function runFailed(run5) {
  return run5.timedOut || run5.signal !== null || run5.exitCode !== 0;
}
function runExecHelper(helperPath, options) {
  const args = [
    "--runs",
    String(options.runs),
    "--warmup",
    String(options.warmup),
    "--timeout-ms",
    String(options.timeoutMs),
    "--",
    ...options.command
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(helperPath, args, {
      cwd: options.cwd,
      env: { ...options.inherit ?? process.env, ...options.env },
      stdio: ["ignore", "pipe", "pipe"]
    });
    const runs = [];
    let failure2;
    let problem;
    let pending = "";
    let helperStderr = "";
    const takeLine = (line) => {
      if (problem || line.trim() === "") return;
      try {
        const parsed = parseLine(line);
        if ("kind" in parsed) {
          failure2 = parsed;
          return;
        }
        runs.push(parsed);
        if (runFailed(parsed)) failure2 = { kind: "run", run: parsed };
        options.onRun?.(parsed);
      } catch (error2) {
        problem = error2;
        child.kill("SIGTERM");
      }
    };
    child.stdout.setEncoding("utf8");
    child.stdout.on("data", (chunk) => {
      pending += chunk;
      let newline = pending.indexOf("\n");
      while (newline >= 0) {
        takeLine(pending.slice(0, newline));
        pending = pending.slice(newline + 1);
        newline = pending.indexOf("\n");
      }
    });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      if (helperStderr.length < 64 * 1024) helperStderr += chunk;
    });
    child.on("error", (error2) => {
      reject(new Error(`cannot run the exec helper ${helperPath} in ${options.cwd}: ${error2.message}`));
    });
    child.on("close", (code, signal) => {
      takeLine(pending);
      if (problem) return reject(problem);
      const expected = options.warmup + options.runs;
      if (code === 0 && !failure2 && runs.length === expected) return resolve({ runs });
      if (code === 1 && failure2) return resolve({ runs, failure: failure2 });
      const how = signal ? `was killed by ${signal}` : `exited with code ${code}`;
      reject(
        new Error(
          `the exec helper ${how} after ${runs.length} of ${expected} runs` + (helperStderr.trim() ? `: ${helperStderr.trim()}` : "")
        )
      );
    });
  });
}

// src/measure/child.ts
function killProcessGroup(child) {
  if (child.pid === void 0) return;
  try {
    process.kill(-child.pid, "SIGKILL");
  } catch {
  }
  child.kill("SIGKILL");
}
var OutputTail = class {
  constructor(keepBytes = 4096) {
    this.keepBytes = keepBytes;
  }
  keepBytes;
  bytes = Buffer.alloc(0);
  cut = false;
  push(chunk) {
    this.bytes = Buffer.concat([this.bytes, chunk]);
    if (this.bytes.length > 2 * this.keepBytes) {
      this.bytes = this.bytes.subarray(this.bytes.length - this.keepBytes);
      this.cut = true;
    }
  }
  /** The readable end (see `stderrTail`); undefined when nothing was written. */
  text() {
    if (this.bytes.length === 0) return void 0;
    const text = stderrTail(
      this.bytes.subarray(-this.keepBytes),
      this.cut || this.bytes.length > this.keepBytes
    );
    return text === "" ? void 0 : text;
  }
};

// src/measure/runner-protocol.ts
var STDERR_KEEP_BYTES = 4096;
var PIPE_GRACE_MS = 500;
function runRunner(options) {
  const [program, ...args] = options.command;
  if (program === void 0) return Promise.resolve({ error: { message: "the runner command is empty" } });
  const source = options.command.join(" ");
  return new Promise((resolve) => {
    let settled = false;
    let timer;
    let grace;
    const settle2 = (value) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(grace);
      resolve(value);
    };
    let child;
    try {
      child = spawn2(program, args, {
        cwd: options.cwd,
        env: { ...options.inherit ?? process.env, ...options.env },
        stdio: ["pipe", "pipe", "pipe"],
        detached: true
      });
    } catch (error2) {
      settle2({ error: { message: `cannot start the runner ${source}: ${error2.message}` } });
      return;
    }
    const stdout = [];
    const stderr = new OutputTail(STDERR_KEEP_BYTES);
    let timedOut = false;
    let exitCode = null;
    let signal = null;
    child.stdout?.on("data", (chunk) => stdout.push(chunk));
    child.stderr?.on("data", (chunk) => stderr.push(chunk));
    child.stdin?.on("error", () => {
    });
    child.stdin?.end(options.klv);
    child.on("error", (error2) => {
      const reason = error2.code === "ENOENT" ? "no such file" : error2.code ?? error2.message;
      settle2({ error: { message: `cannot start the runner ${source}: ${reason}` } });
    });
    if (options.timeoutMs > 0) {
      timer = setTimeout(() => {
        timedOut = true;
        killProcessGroup(child);
      }, options.timeoutMs);
    }
    child.on("exit", (code, sig) => {
      exitCode = code;
      signal = sig;
      clearTimeout(timer);
      grace = setTimeout(() => {
        child.stdout?.destroy();
        child.stderr?.destroy();
        finish();
      }, PIPE_GRACE_MS);
    });
    child.on("close", () => finish());
    const finish = () => {
      if (settled) return;
      const stderrText = stderr.text();
      const withTail = (error2) => {
        if (stderrText !== void 0) error2.stderrTail = stderrText;
        return { error: error2 };
      };
      if (timedOut) {
        settle2(
          withTail({
            message: `the runner did not finish within ${options.timeoutMs} ms and was killed`,
            timedOut: true,
            ...signal ? { signal } : {}
          })
        );
        return;
      }
      if (signal) {
        settle2(withTail({ message: `the runner was killed by signal ${signal}`, signal }));
        return;
      }
      if (exitCode !== 0) {
        const error2 = { message: `the runner exited with code ${exitCode}` };
        if (exitCode !== null) error2.exitCode = exitCode;
        settle2(withTail(error2));
        return;
      }
      let samples;
      try {
        samples = parseRunnerSamples(Buffer.concat(stdout).toString("utf8"), source);
      } catch (error2) {
        if (!(error2 instanceof RunnerOutputError)) throw error2;
        settle2(withTail({ message: error2.message }));
        return;
      }
      if (samples.length === 0) {
        settle2(
          withTail({ message: `the runner ${source} printed no samples (expected "duration,count" lines)` })
        );
        return;
      }
      settle2(stderrText !== void 0 ? { samples, stderrTail: stderrText } : { samples });
    };
  });
}
function checkCounts(samples, expected) {
  const digits = (s) => s.countText ?? String(s.count);
  const want = expected !== void 0 ? String(expected) : samples[0] && digits(samples[0]);
  if (want === void 0) return void 0;
  for (let i = 0; i < samples.length; i++) {
    const got = digits(samples[i]);
    if (got === want) continue;
    return expected !== void 0 ? `the runner reported count ${got} on sample ${i + 1}, expected ${expected} (a wrong answer is not a fast answer)` : `the runner reported count ${got} on sample ${i + 1} but ${want} on sample 1 (a wrong answer is not a fast answer)`;
  }
  return void 0;
}

// src/measure/wall-clock.ts
var NS_PER_MS = 1e6;
async function runnerConfiguration(c, part = { runs: c.runs, maxTimeMs: c.maxTimeMs }) {
  const entries2 = [
    ["name", c.name],
    ["model", c.model],
    ["max-iters", String(part.runs)],
    ["max-warmup-iters", String(c.warmup)],
    ["max-time", nanoseconds(part.maxTimeMs)],
    ["max-warmup-time", nanoseconds(c.maxWarmupTimeMs)]
  ];
  if (c.sampleTimeMs !== void 0) entries2.push(["sample-time", nanoseconds(c.sampleTimeMs)]);
  if (c.threads !== void 0) entries2.push(["threads", String(c.threads)]);
  for (const p of c.params) entries2.push([`param.${p.key}`, p.value]);
  const inputBytes = /* @__PURE__ */ new Map();
  for (const { key, value } of c.input) {
    let bytes;
    if ("path" in value) {
      try {
        bytes = await readFile4(value.path);
      } catch (error2) {
        const code = error2.code ?? error2.message;
        return { error: `cannot read input "${key}" from ${value.path}: ${code}` };
      }
    } else {
      bytes = Buffer.from(value.text, "utf8");
    }
    inputBytes.set(key, bytes.length);
    entries2.push([key, bytes]);
  }
  return { klv: encodeKlv(entries2), inputBytes };
}
function nanoseconds(ms) {
  return String(Math.round(ms * NS_PER_MS));
}
function wallClockMetrics(samples, bytesPerCall) {
  const metrics = {
    time: { unit: "ns", direction: "lower", samples: samples.map((s) => s.durationNs / s.iterations) }
  };
  const rates = samples.map((s) => {
    const bytes = s.bytes ?? (bytesPerCall === void 0 ? void 0 : bytesPerCall * s.iterations);
    return bytes === void 0 || s.durationNs === 0 ? void 0 : bytes / s.durationNs * 1e9;
  });
  if (rates.every((r) => r !== void 0) && rates.length > 0) {
    metrics.throughput = { unit: "bytes/s", direction: "higher", samples: rates };
  }
  return metrics;
}
async function expandWallClockHarness(c, inherit = process.env) {
  const listed = await listHarnessBenchmarks(c.command, {
    cwd: c.cwd,
    env: { ...inherit, ...c.env },
    timeoutMs: c.timeoutMs
  });
  if ("error" in listed) return { failure: failedResult(c, listed.error) };
  return {
    cases: listed.names.map((bench) => ({
      ...c,
      id: `${c.name}/${bench}`,
      name: `${c.name}/${bench}`,
      parameters: { ...c.parameters, benchmark: bench },
      command: [...c.command, "--samples", bench],
      harness: false
    }))
  };
}
var WallClockMeasurement = class {
  constructor(c, options = {}) {
    this.c = c;
    this.options = options;
  }
  c;
  options;
  samples = [];
  notes = [];
  failure;
  bytesPerCall;
  invocations = 0;
  /** Time inside the samples taken so far: max-time bounds it over all invocations, as in one. */
  sampledNs = 0;
  /** Samples still to take; 0 once the benchmark failed or max-time is spent. */
  get remaining() {
    if (this.failure || this.sampledNs >= this.c.maxTimeMs * NS_PER_MS) return 0;
    return this.c.runs - this.samples.length;
  }
  /** Takes up to `count` more samples in one runner invocation. */
  async run(count2) {
    const runs = Math.min(count2, this.remaining);
    if (runs <= 0) return;
    const budgetMs = this.c.maxTimeMs - this.sampledNs / NS_PER_MS;
    const part = { runs, maxTimeMs: budgetMs * runs / this.remaining };
    const configuration = await runnerConfiguration(this.c, part);
    if ("error" in configuration) {
      this.failure = { message: configuration.error };
      return;
    }
    if (this.c.throughputInput !== void 0)
      this.bytesPerCall = configuration.inputBytes.get(this.c.throughputInput);
    this.invocations++;
    const outcome = await runRunner({
      command: this.c.command,
      cwd: this.c.cwd,
      env: this.c.env,
      inherit: this.options.inherit,
      klv: configuration.klv,
      timeoutMs: this.c.timeoutMs
    });
    if ("error" in outcome) {
      this.failure = outcome.error;
      return;
    }
    if (outcome.samples.length > runs) {
      this.failure = {
        message: `the runner printed ${outcome.samples.length} samples, but max-iters was ${runs}`
      };
      return;
    }
    this.samples.push(...outcome.samples);
    for (const s of outcome.samples) this.sampledNs += s.durationNs;
    const wrong = checkCounts(this.samples, this.c.count);
    if (wrong) this.failure = { message: wrong };
    this.options.onProgress?.(this.samples.length, this.c.runs);
  }
  result() {
    if (this.failure) return failedResult(this.c, this.failure, this.notes);
    const notes = [...this.notes];
    if (this.samples.length < this.c.runs) {
      notes.push(
        `took ${this.samples.length} of ${this.c.runs} samples: the runner stopped at max-time (${this.c.maxTimeMs} ms); raise max-time for more`
      );
    }
    if (this.invocations > 1) notes.push(`samples taken in ${this.invocations} runner processes`);
    const batched = this.samples.length > 0 && this.samples.every((s) => s.iterations > 1);
    if (batched) {
      const calls = this.samples.map((s) => s.iterations);
      const [low, high] = [Math.min(...calls), Math.max(...calls)];
      notes.push(`each sample timed ${low === high ? low : `${low}–${high}`} calls`);
    }
    return resultFor(this.c, { metrics: wallClockMetrics(this.samples, this.bytesPerCall), notes });
  }
};

// src/pipeline.ts
import { mkdir as mkdir4, stat as stat8, writeFile as writeFile2 } from "node:fs/promises";
import path10 from "node:path";

// src/environment.ts
import { execFile as execFile3 } from "node:child_process";
import { readFile as readFile5 } from "node:fs/promises";
import os2 from "node:os";
import { promisify as promisify2 } from "node:util";
var run2 = promisify2(execFile3);
async function osName() {
  try {
    const text = await readFile5("/etc/os-release", "utf8");
    const pretty = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(text);
    if (pretty?.[1]) return pretty[1];
  } catch {
  }
  return `${os2.type()}`;
}
function glibcVersion() {
  const report = process.report?.getReport();
  return report?.header?.glibcVersionRuntime;
}
async function toolVersion(command, args = ["--version"]) {
  try {
    const { stdout, stderr } = await run2(command, args, { timeout: 1e4 });
    const line = (stdout || stderr).split("\n").find((l) => l.trim() !== "");
    return line?.trim();
  } catch {
    return void 0;
  }
}
async function collectEnvironment(tools = {}) {
  const cpus = os2.cpus();
  const imageOs = process.env.ImageOS;
  const imageVersion = process.env.ImageVersion;
  const definedTools = {};
  for (const [k, v] of Object.entries(tools)) if (v !== void 0) definedTools[k] = v;
  return {
    os: await osName(),
    arch: process.arch,
    cpuModel: cpus[0]?.model.trim() ?? "unknown",
    cpuCount: cpus.length,
    kernel: os2.release(),
    glibc: glibcVersion(),
    node: process.version,
    tools: definedTools,
    runnerImage: imageOs ? `${imageOs}${imageVersion ? ` ${imageVersion}` : ""}` : void 0
  };
}

// src/git.ts
import { execFile as execFile4 } from "node:child_process";
import { promisify as promisify3 } from "node:util";
var run3 = promisify3(execFile4);
async function git(cwd, args) {
  try {
    const { stdout } = await run3("git", args, { cwd, timeout: 3e4, maxBuffer: 16 * 1024 * 1024 });
    return stdout.trim();
  } catch {
    return void 0;
  }
}
async function commitInfo(cwd, env = process.env) {
  if (env.GITHUB_ACTIONS === "true" && env.GITHUB_SHA) {
    const branch2 = env.GITHUB_HEAD_REF || env.GITHUB_REF_NAME || void 0;
    return { sha: env.GITHUB_SHA, ref: env.GITHUB_REF, branch: branch2 };
  }
  const sha = await git(cwd, ["rev-parse", "HEAD"]);
  if (!sha) return {};
  const branch = await git(cwd, ["symbolic-ref", "--quiet", "--short", "HEAD"]);
  const status = await git(cwd, ["status", "--porcelain", "--untracked-files=no"]);
  return {
    sha,
    branch: branch || void 0,
    ref: branch ? `refs/heads/${branch}` : void 0,
    dirty: status !== ""
  };
}
async function defaultBranch(cwd, env = process.env) {
  if (env.GITHUB_BASE_REF) return env.GITHUB_BASE_REF;
  const remoteHead = await git(cwd, ["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"]);
  if (remoteHead) return remoteHead.replace(/^origin\//, "");
  for (const name of ["main", "master"]) {
    if (await git(cwd, ["rev-parse", "--verify", "--quiet", `refs/heads/${name}`])) return name;
  }
  return void 0;
}
async function mergeBase(cwd, a, b) {
  return git(cwd, ["merge-base", a, b]);
}

// src/measure/index.ts
import os4 from "node:os";

// src/plan.ts
function globToRegExp(glob) {
  const body = glob.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  return new RegExp(`^${body}$`);
}
function matchesFilter(name, filter) {
  if (!filter) return true;
  return filter.split(",").map((g2) => g2.trim()).filter((g2) => g2 !== "").some((g2) => globToRegExp(g2).test(name));
}
function casesFor(b) {
  const common = { id: b.name, name: b.name, parameters: {}, cwd: b.cwd, env: b.env };
  switch (b.kind) {
    case "instructions":
      return [
        {
          ...common,
          kind: "instructions",
          command: b.command,
          timeoutMs: b.timeoutMs,
          entryPoint: b.entryPoint,
          harness: b.harness,
          import: b.import,
          cacheSim: b.cacheSim,
          branchSim: b.branchSim,
          // Counts are exact: alpha plays no part in their verdict.
          gate: { metrics: b.gate, threshold: b.threshold, alpha: 0.01 }
        }
      ];
    case "process":
      return [
        {
          ...common,
          kind: "process",
          command: b.command,
          runs: b.runs,
          warmup: b.warmup,
          timeoutMs: b.timeoutMs,
          gate: { metrics: b.gate, threshold: b.threshold, alpha: b.alpha }
        }
      ];
    case "wall-clock": {
      const shared = {
        ...common,
        kind: "wall-clock",
        harness: b.harness,
        model: b.model,
        input: b.input,
        params: b.params,
        threads: b.threads,
        count: b.count,
        throughputInput: b.throughputInput,
        runs: b.runs,
        warmup: b.warmup,
        maxTimeMs: b.maxTimeMs,
        maxWarmupTimeMs: b.maxWarmupTimeMs,
        sampleTimeMs: b.sampleTimeMs,
        timeoutMs: b.timeoutMs,
        gate: { metrics: b.gate, threshold: b.threshold, alpha: b.alpha }
      };
      if (b.engines.length === 1 && b.engines[0].name === "")
        return [{ ...shared, command: b.engines[0].command }];
      return b.engines.map((engine) => ({
        ...shared,
        id: `${b.name}/${engine.name}`,
        name: `${b.name}/${engine.name}`,
        parameters: { engine: engine.name },
        engine: engine.name,
        command: engine.command
      }));
    }
  }
}
function expands(b) {
  if (b.kind === "instructions") return b.harness;
  if (b.kind === "wall-clock") return b.harness || b.engines.some((e) => e.name !== "");
  return false;
}
function keeps(b, filter) {
  if (matchesFilter(b.name, filter)) return true;
  if (!expands(b) || !filter) return false;
  return filter.split(",").some((g2) => g2.includes("/") && globToRegExp(g2.trim().split("/")[0]).test(b.name));
}
function planCases(config2, filter) {
  return config2.benchmarks.filter((b) => keeps(b, filter)).flatMap((b) => {
    const cases = casesFor(b);
    if (matchesFilter(b.name, filter)) return cases;
    return cases.filter(
      (c) => c.kind === "wall-clock" && c.harness || c.kind === "instructions" || matchesFilter(c.name, filter)
    );
  });
}

// src/measure/imported.ts
import { readFile as readFile6, stat as stat2 } from "node:fs/promises";
import path5 from "node:path";

// src/formats/iai-summary.ts
import { readdir as readdir2, stat } from "node:fs/promises";
import path4 from "node:path";
var ImportFormatError = class extends Error {
  name = "ImportFormatError";
};
var IAI_METRICS = [
  ...EVENT_METRICS,
  ["L1hits", "l1-hits"],
  ["LLhits", "ll-hits"],
  ["RamHits", "ram-hits"],
  ["TotalRW", "total-rw"],
  ["EstimatedCycles", "estimated-cycles"]
];
var IAI_SUMMARY_VERSIONS = ["1", "2", "3", "4", "5", "6", "7"];
function formatPath2(parts) {
  let out = "";
  for (const part of parts) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out === "" ? "(top level)" : out;
}
function formatError2(source, at, message) {
  return new ImportFormatError(`${source}: invalid iai-callgrind summary at ${formatPath2(at)}: ${message}`);
}
function parseAt(schema, value, at, source) {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue2 = parsed.error.issues[0];
  throw formatError2(source, [...at, ...issue2.path], issue2.message.replace(/^Invalid input: /, ""));
}
var count = number2().nonnegative();
function eitherOrBoth(value) {
  return object({ Left: value.optional(), Right: value.optional(), Both: tuple([value, value]).optional() }).refine(
    (e) => [e.Left, e.Right, e.Both].filter((v) => v !== void 0).length === 1,
    "expected exactly one of Left (new), Right (old) or Both ([new, old])"
  ).transform((e) => e.Both !== void 0 ? e.Both[0] : e.Left);
}
var taggedMetric = object({ Int: count.optional(), Float: number2().optional() }).refine((m) => m.Int === void 0 !== (m.Float === void 0), 'expected {"Int": n} or {"Float": x}').transform((m) => m.Int ?? m.Float);
var plainMetric = union([count, object({ value: count }).transform((m) => m.value)], {
  error: 'expected a number or {"value": n}'
});
var ENTRY_SCHEMAS = {
  legacy: object({ new: count.nullish() }).transform((e) => e.new ?? void 0),
  plain: object({ metrics: eitherOrBoth(count) }).transform((e) => e.metrics),
  tagged: object({ metrics: eitherOrBoth(taggedMetric) }).transform((e) => e.metrics),
  gungraun: object({ values: object({ new: plainMetric.optional(), old: plainMetric.optional() }) }).transform((e) => e.values.new)
};
var metricsRecord = record(string2(), unknown());
var headerSchema = object({
  version: string2(),
  module_path: string2().min(1),
  id: string2().nullish(),
  function_name: string2().nullish(),
  details: string2().nullish(),
  description: string2().nullish()
});
var INSTRUCTION_TOOLS = ["Callgrind", "Cachegrind"];
function instructionProfile(data, source) {
  const { profiles } = parseAt(
    object({ profiles: array(object({ tool: string2() })) }),
    data,
    [],
    source
  );
  for (const tool of INSTRUCTION_TOOLS) {
    const index = profiles.findIndex((p) => p.tool === tool);
    if (index >= 0) return { index, tool };
  }
  const tools = profiles.map((p) => p.tool).join(", ") || "none";
  throw formatError2(source, ["profiles"], `expected a Callgrind or Cachegrind profile (tools: ${tools})`);
}
function legacyTable(data, source, entries2) {
  const { callgrind_summary } = parseAt(object({ callgrind_summary: unknown() }), data, [], source);
  if (callgrind_summary === null || callgrind_summary === void 0) {
    throw formatError2(source, ["callgrind_summary"], "expected the summary of a Callgrind run, found none");
  }
  if (entries2 === "legacy") {
    const { summaries } = parseAt(
      object({ summaries: array(object({ events: metricsRecord })).min(1) }),
      callgrind_summary,
      ["callgrind_summary"],
      source
    );
    return summaries.map((s, i) => ({
      table: s.events,
      at: ["callgrind_summary", "summaries", i, "events"],
      entries: entries2
    }));
  }
  const run5 = parseAt(
    object({ callgrind_run: object({ total: object({ summary: metricsRecord }) }) }),
    callgrind_summary,
    ["callgrind_summary"],
    source
  );
  return {
    table: run5.callgrind_run.total.summary,
    at: ["callgrind_summary", "callgrind_run", "total", "summary"],
    entries: entries2
  };
}
function profilesTable(data, source, version2) {
  const { index, tool } = instructionProfile(data, source);
  const profile = data.profiles[index];
  const at = ["profiles", index];
  if (version2 >= 7) {
    const p2 = parseAt(
      object({ data: object({ total: object({ metrics: metricsRecord }) }) }),
      profile,
      at,
      source
    );
    return { table: p2.data.total.metrics, at: [...at, "data", "total", "metrics"], entries: "gungraun" };
  }
  const p = parseAt(
    object({ summaries: object({ total: object({ summary: object({ [tool]: metricsRecord }) }) }) }),
    profile,
    at,
    source
  );
  return {
    table: p.summaries.total.summary[tool],
    at: [...at, "summaries", "total", "summary", tool],
    entries: version2 === 4 ? "plain" : "tagged"
  };
}
function readEvents(tables, source) {
  const events = {};
  for (const { table: table2, at, entries: entries2 } of tables) {
    let hasIr = false;
    for (const [key] of IAI_METRICS) {
      if (!Object.hasOwn(table2, key)) continue;
      const value = parseAt(ENTRY_SCHEMAS[entries2], table2[key], [...at, key], source);
      if (value === void 0) continue;
      events[key] = (events[key] ?? 0) + value;
      if (key === "Ir") hasIr = true;
    }
    if (!hasIr) {
      throw formatError2(
        source,
        [...at, "Ir"],
        "expected the Ir event (instructions executed) with a value for the current run"
      );
    }
  }
  return events;
}
function toMetrics(events) {
  const derived2 = instructionMetrics(events);
  const metrics = {};
  for (const [key, metric] of IAI_METRICS) {
    const value = events[key] ?? derived2[metric];
    if (value === void 0) continue;
    metrics[metric] = { unit: metric === "ir" ? "instructions" : "count", direction: "lower", value };
  }
  return metrics;
}
function parseOne(data, source, at) {
  const where = at.length ? `${source} ${formatPath2(at)}` : source;
  if (typeof data !== "object" || data === null || Array.isArray(data)) {
    throw formatError2(where, [], `expected a summary object, found ${describe2(data)}`);
  }
  const header = parseAt(headerSchema, data, [], where);
  const version2 = Number(header.version);
  if (!IAI_SUMMARY_VERSIONS.includes(header.version)) {
    throw formatError2(
      where,
      ["version"],
      `expected a summary version from ${IAI_SUMMARY_VERSIONS[0]} to ${IAI_SUMMARY_VERSIONS.at(-1)}, found ${JSON.stringify(header.version)}`
    );
  }
  let tables;
  if (version2 <= 2) tables = legacyTable(data, where, "legacy");
  else if (version2 === 3) tables = legacyTable(data, where, "plain");
  else tables = profilesTable(data, where, version2);
  const metrics = toMetrics(readEvents(Array.isArray(tables) ? tables : [tables], where));
  const id = header.id ?? void 0;
  const details2 = (version2 >= 7 ? header.description : header.details) ?? void 0;
  const functionName = header.function_name ?? header.module_path.split("::").at(-1);
  const benchmark = {
    id: id !== void 0 ? `${header.module_path}.${id}` : header.module_path,
    name: id !== void 0 ? `${header.module_path} ${id}` : header.module_path,
    metrics
  };
  if (functionName) benchmark.functionName = functionName;
  if (details2 !== void 0) benchmark.details = details2;
  return benchmark;
}
function describe2(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? `a string (${JSON.stringify(value.slice(0, 40))})` : typeof value;
}
function parseIaiSummary(json, source) {
  if (Array.isArray(json)) return json.map((item, i) => parseOne(item, source, [i]));
  return [parseOne(json, source, [])];
}
function parseIaiSummaryText(text, source) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const lines = text.split(/\r?\n/);
    if (lines.filter((line) => line.trim() !== "").length < 2) {
      throw new ImportFormatError(`${source}: not valid JSON (${e.message})`);
    }
    const parsed = lines.flatMap((line, i) => {
      if (line.trim() === "") return [];
      try {
        return [{ line: i + 1, data: JSON.parse(line) }];
      } catch (lineError) {
        throw new ImportFormatError(`${source}:${i + 1}: not valid JSON (${lineError.message})`);
      }
    });
    return parsed.flatMap(({ line, data: data2 }) => parseIaiSummary(data2, `${source}:${line}`));
  }
  return parseIaiSummary(data, source);
}
var OUTPUT_TREES = ["iai", "gungraun"];
var SKIPPED = /* @__PURE__ */ new Set([".git", "node_modules"]);
async function entries(dir) {
  try {
    return await readdir2(dir, { withFileTypes: true });
  } catch (e) {
    const code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw e;
  }
}
async function isDirectory(file) {
  return stat(file).then(
    (s) => s.isDirectory(),
    () => false
  );
}
async function findIaiSummaries(dir) {
  const roots = [];
  for (const base of [dir, path4.join(dir, "target")]) {
    for (const tree of OUTPUT_TREES) {
      const candidate = path4.join(base, tree);
      if (await isDirectory(candidate)) roots.push(candidate);
    }
    if (roots.length > 0) break;
  }
  if (roots.length === 0) roots.push(dir);
  const found = [];
  const walk = async (current) => {
    for (const entry of await entries(current)) {
      const full = path4.join(current, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED.has(entry.name)) await walk(full);
      } else if (entry.isFile() && entry.name === "summary.json") {
        found.push(full);
      }
    }
  };
  for (const root of roots) await walk(root);
  return found.sort();
}

// src/measure/imported.ts
async function importInstructions(c) {
  const from = c.import.path;
  let files;
  try {
    files = (await stat2(from)).isFile() ? [from] : await findIaiSummaries(from);
  } catch {
    return failedResult(c, { message: `nothing to import: ${from} does not exist` });
  }
  if (files.length === 0) {
    return failedResult(c, {
      message: `no iai-callgrind summaries under ${from}: run the benchmarks with JSON summaries in a setup step, e.g. [cargo, bench, --, --save-summary=json]`
    });
  }
  const out = [];
  for (const file of files) {
    try {
      for (const b of parseIaiSummaryText(await readFile6(file, "utf8"), file)) {
        const id = `${c.name}/${b.id}`;
        const imported = {
          ...c,
          id,
          name: id,
          parameters: { benchmark: b.id },
          import: void 0
        };
        const note = `imported from ${path5.relative(c.cwd, file) || file}${b.details ? ` (${b.details})` : ""}`;
        out.push({ c: imported, result: resultFor(imported, { metrics: b.metrics, notes: [note] }) });
      }
    } catch (error2) {
      if (!(error2 instanceof ImportFormatError)) throw error2;
      return failedResult(c, { message: error2.message });
    }
  }
  return out;
}

// src/measure/instructions.ts
import { execFile as execFile5, spawn as spawn3 } from "node:child_process";
import { access as access2, mkdtemp, open as open2, readdir as readdir3, readFile as readFile7, rm as rm2, stat as stat3 } from "node:fs/promises";
import os3 from "node:os";
import path6 from "node:path";
import { promisify as promisify4 } from "node:util";
var run4 = promisify4(execFile5);
var CACHE_MODEL = ["--I1=32768,8,64", "--D1=32768,8,64", "--LL=8388608,16,64"];
var HARNESS_ENTRY_POINT = "bench_action_measure";
var FUNCTIONS_KEPT = 200;
var STDERR_KEEP_BYTES2 = 4096;
async function resolveProgram(program, cwd, pathVar) {
  if (program.includes("/")) return path6.resolve(cwd, program);
  for (const dir of (pathVar ?? "/usr/local/bin:/usr/bin:/bin").split(":")) {
    if (!dir) continue;
    const candidate = path6.join(dir, program);
    try {
      await access2(candidate, 1);
      return candidate;
    } catch {
    }
  }
  return void 0;
}
var setarchWorks;
function canDisableAslr() {
  setarchWorks ??= run4("setarch", [os3.machine(), "-R", "true"]).then(
    () => true,
    () => false
  );
  return setarchWorks;
}
async function valgrindVersion() {
  try {
    return (await run4("valgrind", ["--version"])).stdout.trim();
  } catch {
    return void 0;
  }
}
function callgrindArguments(c, outDir) {
  const args = [
    "--tool=callgrind",
    `--callgrind-out-file=${path6.join(outDir, "callgrind.out.%p")}`,
    `--log-file=${path6.join(outDir, "valgrind.log.%p")}`,
    // Child processes are part of what the command costs.
    "--trace-children=yes",
    `--cache-sim=${c.cacheSim ? "yes" : "no"}`
  ];
  if (c.cacheSim) args.push(...CACHE_MODEL);
  if (c.branchSim) args.push("--branch-sim=yes");
  if (c.entryPoint) args.push(`--toggle-collect=${c.entryPoint}`);
  return args;
}
async function runUnderValgrind(argv, c, outDir) {
  const stdout = await open2("/dev/null", "w");
  const stderrPath = path6.join(outDir, "stderr");
  const stderrFile = await open2(stderrPath, "w");
  try {
    return await new Promise((resolve) => {
      let timedOut = false;
      const child = spawn3(argv[0], argv.slice(1), {
        cwd: c.cwd,
        env: c.env,
        // Fixed destinations: output to a pipe or a file costs a different number of instructions.
        stdio: ["ignore", stdout.fd, stderrFile.fd],
        detached: true
      });
      const timer = c.timeoutMs > 0 ? setTimeout(() => {
        timedOut = true;
        killProcessGroup(child);
      }, c.timeoutMs) : void 0;
      child.on("error", (error2) => {
        clearTimeout(timer);
        resolve({
          exitCode: null,
          signal: null,
          timedOut: false,
          stderr: Buffer.alloc(0),
          spawnError: error2.message
        });
      });
      child.on("exit", async (exitCode, signal) => {
        clearTimeout(timer);
        resolve({ exitCode, signal, timedOut, stderr: await readFile7(stderrPath) });
      });
    });
  } finally {
    await stdout.close();
    await stderrFile.close();
  }
}
async function readProfiles(outDir) {
  const names = (await readdir3(outDir)).filter((n) => n.startsWith("callgrind.out.")).sort();
  const profiles = [];
  for (const name of names) {
    const file = path6.join(outDir, name);
    if ((await stat3(file)).size === 0) continue;
    profiles.push(await parseCallgrindFile(file, name));
  }
  return profiles;
}
async function measureInstructions(c, options = {}) {
  const inherit = options.inherit ?? process.env;
  const valgrind = await resolveProgram("valgrind", c.cwd, inherit.PATH);
  if (!valgrind) {
    return failedResult(c, {
      message: 'valgrind is not installed: run "bench-action setup valgrind" or install it with your package manager'
    });
  }
  const program = await resolveProgram(c.command[0], c.cwd, c.env.PATH ?? inherit.PATH);
  if (!program) return failedResult(c, { message: `cannot execute "${c.command[0]}": not found` });
  const outDir = await mkdtemp(path6.join(os3.tmpdir(), "bench-action-callgrind-"));
  try {
    const notes = [];
    const prefix = await canDisableAslr() ? ["setarch", os3.machine(), "-R"] : [];
    if (prefix.length === 0) notes.push("address randomisation could not be turned off (setarch -R failed)");
    const argv = [...prefix, valgrind, ...callgrindArguments(c, outDir), program, ...c.command.slice(1)];
    const r = await runUnderValgrind(argv, c, outDir);
    const tail = r.stderr.length > 0 ? stderrTail(r.stderr.subarray(-STDERR_KEEP_BYTES2), r.stderr.length > STDERR_KEEP_BYTES2) : void 0;
    if (r.spawnError) return failedResult(c, { message: `cannot start valgrind: ${r.spawnError}` });
    if (r.timedOut)
      return failedResult(c, {
        message: `timed out after ${c.timeoutMs / 1e3}s under valgrind (process group killed)`,
        timedOut: true,
        stderrTail: tail
      });
    if (r.signal)
      return failedResult(c, {
        message: `killed by ${r.signal} under valgrind`,
        signal: r.signal,
        stderrTail: tail
      });
    if (r.exitCode !== 0) {
      const log = await valgrindLog(outDir);
      return failedResult(c, {
        message: `exited with code ${r.exitCode} under valgrind`,
        exitCode: r.exitCode ?? void 0,
        stderrTail: tail ?? log
      });
    }
    const profiles = await readProfiles(outDir);
    if (profiles.length === 0) {
      return failedResult(c, {
        message: "valgrind wrote no callgrind output",
        stderrTail: await valgrindLog(outDir)
      });
    }
    const profile = mergeCallgrindProfiles(profiles);
    const ir = profile.totals.Ir ?? 0;
    if (c.entryPoint && ir === 0) {
      return failedResult(c, {
        message: `no instructions were counted inside entry point "${c.entryPoint}": the function was never entered. It may be inlined (mark it noinline / #[inline(never)]), renamed by the compiler (f.constprop.0: use a glob like "${c.entryPoint}*"), or misspelled`
      });
    }
    if (profiles.length > 1) notes.push(`${profiles.length} processes counted (child processes included)`);
    return resultFor(c, {
      metrics: instructionResultMetrics(profile.totals),
      notes,
      functions: functionCosts(profile).filter((f) => f.self > 0).slice(0, FUNCTIONS_KEPT)
    });
  } finally {
    await rm2(outDir, { recursive: true, force: true });
  }
}
async function valgrindLog(outDir) {
  const names = (await readdir3(outDir)).filter((n) => n.startsWith("valgrind.log."));
  const text = (await Promise.all(names.map((n) => readFile7(path6.join(outDir, n), "utf8")))).join("\n").trim();
  return text ? text.split("\n").slice(-20).join("\n") : void 0;
}
async function expandHarness(c, inherit = process.env) {
  const program = await resolveProgram(c.command[0], c.cwd, c.env.PATH ?? inherit.PATH);
  if (!program)
    return { failure: failedResult(c, { message: `cannot execute harness "${c.command[0]}": not found` }) };
  const listed = await listHarnessBenchmarks([program, ...c.command.slice(1)], {
    cwd: c.cwd,
    env: c.env,
    timeoutMs: c.timeoutMs
  });
  if ("error" in listed) return { failure: failedResult(c, listed.error) };
  const names = listed.names;
  return {
    cases: names.map((bench) => ({
      ...c,
      id: `${c.name}/${bench}`,
      name: `${c.name}/${bench}`,
      parameters: { ...c.parameters, benchmark: bench },
      command: [...c.command, "--run", bench],
      entryPoint: c.entryPoint ?? HARNESS_ENTRY_POINT,
      harness: false
    }))
  };
}

// src/measure/process.ts
import { spawn as spawn4 } from "node:child_process";
import { stat as stat4 } from "node:fs/promises";
import { getSystemErrorMap } from "node:util";
var OUTLIER_Z_SCORE = 14.826;
var FEW_SAMPLES = 9;
var STDERR_KEEP_BYTES3 = 4096;
var STDERR_GRACE_MS = 100;
var ProcessMeasurement = class {
  constructor(c, options = {}) {
    this.c = c;
    this.options = options;
  }
  c;
  options;
  runs = [];
  notes = [];
  failure;
  unusable;
  helper;
  started = false;
  counted = 0;
  done = 0;
  /** Counted runs still to do; 0 once the benchmark failed. */
  get remaining() {
    return this.failure || this.unusable ? 0 : this.c.runs - this.counted;
  }
  /** Runs up to `count` more counted runs (the warmups first, on the first call). */
  async run(count2) {
    if (!this.started) {
      this.started = true;
      this.unusable = await checkCase(this.c);
      if (this.unusable) return;
      this.helper = this.options.helper ?? await ensureExecHelper();
      if ("unavailable" in this.helper) {
        this.notes.push(`no C compiler found: measured wall time only (${this.helper.unavailable})`);
      }
    }
    const runs = Math.min(count2, this.remaining);
    if (runs <= 0) return;
    const warmup = this.counted === 0 && this.runs.length === 0 ? this.c.warmup : 0;
    const part = { ...this.c, runs, warmup };
    const total = this.c.warmup + this.c.runs;
    const onRun = () => this.options.onProgress?.(++this.done, total);
    const helper = this.helper;
    const outcome = "unavailable" in helper ? await runFromNode(part, onRun, this.options.inherit) : await runExecHelper(helper.path, {
      command: part.command,
      cwd: part.cwd,
      env: part.env,
      inherit: this.options.inherit,
      runs,
      warmup,
      timeoutMs: part.timeoutMs,
      onRun
    });
    const offset = this.counted;
    for (const r of outcome.runs) if (r.phase === "run") r.index += offset;
    const failure2 = outcome.failure;
    if (failure2?.kind === "run" && failure2.run.phase === "run" && !outcome.runs.includes(failure2.run)) {
      failure2.run.index += offset;
    }
    if (failure2?.kind === "spawn" && failure2.phase === "run") failure2.index += offset;
    this.runs.push(...outcome.runs);
    this.counted += countedRuns(outcome.runs).length;
    this.failure = failure2;
  }
  result() {
    const c = this.c;
    const notes = [...this.notes];
    const error2 = this.unusable ? { message: this.unusable } : this.failure ? describeFailure(this.failure, c) : void 0;
    const counted = countedRuns(this.runs);
    let metrics = {};
    if (counted.length > 0) {
      metrics = this.helper && !("unavailable" in this.helper) ? processMetrics(counted) : {
        wall: sampled(
          "ns",
          counted.map((r) => r.wallNs)
        )
      };
    }
    const wall = metrics.wall?.samples ?? [];
    notes.push(...outlierNotes(wall));
    if (!error2 && wall.length < FEW_SAMPLES) {
      notes.push(
        `only ${wall.length} counted runs: fewer than ${FEW_SAMPLES} samples make a comparison unreliable`
      );
    }
    return resultFor(c, { metrics, error: error2, notes });
  }
};
function countedRuns(runs) {
  return runs.filter((r) => r.phase === "run" && !runFailed(r));
}
function sampled(unit, samples) {
  return { unit, direction: "lower", samples };
}
function processMetrics(runs) {
  const of = (unit, value) => sampled(unit, runs.map(value));
  return {
    wall: of("ns", (r) => r.wallNs),
    user: of("ns", (r) => r.userUs * 1e3),
    sys: of("ns", (r) => r.sysUs * 1e3),
    cpu: of("ns", (r) => (r.userUs + r.sysUs) * 1e3),
    "max-rss": of("bytes", (r) => r.maxRssBytes),
    "minor-faults": of("count", (r) => r.minorFaults),
    "major-faults": of("count", (r) => r.majorFaults),
    "voluntary-cs": of("count", (r) => r.voluntaryCs),
    "involuntary-cs": of("count", (r) => r.involuntaryCs)
  };
}
async function checkCase(c) {
  if (c.command.length === 0 || c.command[0] === "") return "the command is empty";
  try {
    const s = await stat4(c.cwd);
    if (!s.isDirectory()) return `working directory "${c.cwd}" is not a directory`;
  } catch (error2) {
    const code = error2.code;
    if (code === "ENOENT") return `working directory "${c.cwd}" does not exist`;
    return `working directory "${c.cwd}" cannot be used: ${error2.message}`;
  }
  return void 0;
}
function describeFailure(failure2, c) {
  if (failure2.kind === "spawn") {
    return { message: `cannot execute ${JSON.stringify(failure2.program)}: ${failure2.reason}` };
  }
  const run5 = failure2.run;
  const where = run5.phase === "warmup" ? `warmup run ${run5.index + 1} of ${c.warmup}` : `run ${run5.index + 1} of ${c.runs}`;
  const error2 = { message: "" };
  if (run5.timedOut) {
    error2.message = `timed out after ${formatMilliseconds(c.timeoutMs)} on ${where} (process group killed)`;
    error2.timedOut = true;
  } else if (run5.signal !== null) {
    error2.message = `killed by ${run5.signal} on ${where}`;
    error2.signal = run5.signal;
  } else {
    error2.message = `exited with code ${run5.exitCode} on ${where}`;
    if (run5.exitCode !== null) error2.exitCode = run5.exitCode;
  }
  if (run5.stderrTail) error2.stderrTail = run5.stderrTail;
  return error2;
}
function outlierNotes(samples) {
  if (samples.length < 2) return [];
  const center = median([...samples]);
  const mad = medianAbsoluteDeviation([...samples]);
  const score2 = (x) => Math.abs(x - center) / (mad > 0 ? mad : Number.EPSILON);
  const notes = [];
  const first = samples[0];
  if (first > center && score2(first) > OUTLIER_Z_SCORE) {
    notes.push(
      `slow first run: ${formatValue(first, "ns")} against a median of ${formatValue(center, "ns")}; caches filled by the first run are a likely cause, consider more warmup runs`
    );
  }
  const others = samples.slice(1).filter((x) => score2(x) > OUTLIER_Z_SCORE).length;
  if (others > 0) {
    notes.push(
      `${others} of ${samples.length} runs are outliers (modified z-score above ${OUTLIER_Z_SCORE}), kept: other programs may have disturbed the measurement, consider a quieter machine`
    );
  }
  return notes;
}
function formatMilliseconds(ms) {
  return ms < 1e3 ? `${ms}ms` : `${ms / 1e3}s`;
}
function errnoText(error2) {
  const text = error2.errno !== void 0 ? getSystemErrorMap().get(error2.errno)?.[1] : void 0;
  if (!text) return error2.code ?? error2.message;
  return text.charAt(0).toUpperCase() + text.slice(1);
}
async function runFromNode(c, onRun, inherit) {
  const runs = [];
  const phases = [
    ["warmup", c.warmup],
    ["run", c.runs]
  ];
  for (const [phase, count2] of phases) {
    for (let index = 0; index < count2; index++) {
      const run5 = await runOnceFromNode(c, phase, index, inherit);
      if ("kind" in run5) return { runs, failure: run5 };
      runs.push(run5);
      onRun();
      if (runFailed(run5)) return { runs, failure: { kind: "run", run: run5 } };
    }
  }
  return { runs };
}
function runOnceFromNode(c, phase, index, inherit) {
  const [program, ...args] = c.command;
  return new Promise((resolve) => {
    let settled = false;
    const settle2 = (value) => {
      if (settled) return;
      settled = true;
      resolve(value);
    };
    const cannotExecute = (error2) => settle2({ kind: "spawn", phase, index, program, reason: errnoText(error2) });
    const stderr = new OutputTail(STDERR_KEEP_BYTES3);
    let timedOut = false;
    let timer;
    const start = process.hrtime.bigint();
    let child;
    try {
      child = spawn4(program, args, {
        cwd: c.cwd,
        env: { ...inherit ?? process.env, ...c.env },
        stdio: ["ignore", "ignore", "pipe"],
        detached: true
      });
    } catch (error2) {
      cannotExecute(error2);
      return;
    }
    child.stderr?.on("data", (chunk) => stderr.push(chunk));
    child.on("error", (error2) => {
      clearTimeout(timer);
      cannotExecute(error2);
    });
    if (c.timeoutMs > 0) {
      timer = setTimeout(() => {
        timedOut = true;
        killProcessGroup(child);
      }, c.timeoutMs);
    }
    child.on("exit", (exitCode, signal) => {
      const wallNs = Number(process.hrtime.bigint() - start);
      clearTimeout(timer);
      const finish = () => {
        const run5 = {
          phase,
          index,
          wallNs,
          exitCode,
          signal,
          timedOut: timedOut && signal === "SIGKILL"
        };
        if (runFailed(run5)) run5.stderrTail = stderr.text();
        settle2(run5);
      };
      const stream = child.stderr;
      if (!stream || stream.readableEnded || stream.destroyed) return finish();
      const grace = setTimeout(() => {
        stream.destroy();
        finish();
      }, STDERR_GRACE_MS);
      stream.once("close", () => {
        clearTimeout(grace);
        finish();
      });
    });
  });
}

// src/measure/index.ts
var MAX_ROUNDS = 10;
var MAX_WALL_CLOCK_INVOCATIONS = 100;
var MIN_SAMPLES_PER_INVOCATION = 2;
async function measureSuite(cases, options = {}) {
  const planned = [];
  const results = /* @__PURE__ */ new Map();
  const finish = (c, r) => {
    results.set(c.id, r);
    options.onResult?.(c, r);
  };
  for (const c of cases) {
    if (c.kind === "instructions" && c.import) {
      const imported = await importInstructions(c);
      if (!Array.isArray(imported)) {
        planned.push(c);
        finish(c, imported);
        continue;
      }
      for (const { c: one, result } of imported) {
        if (!matchesFilter(one.name, options.filter) && !matchesFilter(c.name, options.filter)) continue;
        planned.push(one);
        finish(one, result);
      }
      continue;
    }
    if (!((c.kind === "instructions" || c.kind === "wall-clock") && c.harness)) {
      planned.push(c);
      continue;
    }
    const listed = c.kind === "instructions" ? await expandHarness(c, options.inherit) : await expandWallClockHarness(c, options.inherit);
    if ("failure" in listed) {
      planned.push(c);
      finish(c, listed.failure);
      continue;
    }
    const kept = listed.cases.filter(
      (x) => matchesFilter(x.name, options.filter) || matchesFilter(c.name, options.filter)
    );
    planned.push(...kept);
  }
  const instructionCases = planned.filter(
    (c) => c.kind === "instructions" && !results.has(c.id)
  );
  await measureInstructionCases(instructionCases, options, finish);
  await measureInRounds(
    planned.filter((c) => c.kind === "process" || c.kind === "wall-clock"),
    options,
    finish
  );
  return planned.map((c) => results.get(c.id));
}
async function measureInstructionCases(cases, options, finish) {
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++];
      options.onProgress?.(c, 0, 1);
      const r = await measureInstructions(c, { inherit: options.inherit });
      options.onProgress?.(c, 1, 1);
      finish(c, r);
    }
  };
  const parallel = Math.max(1, Math.min(os4.availableParallelism(), cases.length));
  await Promise.all(Array.from({ length: parallel }, worker));
}
async function measureInRounds(cases, options, finish) {
  if (cases.length === 0) return;
  const measurements = cases.map((c) => {
    const progress = {
      inherit: options.inherit,
      onProgress: (done, total) => options.onProgress?.(c, done, total)
    };
    return c.kind === "process" ? new ProcessMeasurement(c, progress) : new WallClockMeasurement(c, progress);
  });
  const parts = cases.map(
    (c) => c.kind === "process" ? cases.length > 1 ? Math.min(MAX_ROUNDS, c.runs) : 1 : Math.max(1, Math.min(MAX_WALL_CLOCK_INVOCATIONS, Math.floor(c.runs / MIN_SAMPLES_PER_INVOCATION)))
  );
  const rounds = Math.max(...parts);
  const activeRounds = parts.map(
    (n) => new Set(Array.from({ length: n }, (_, k) => Math.floor(k * rounds / n)))
  );
  const random = new SeededRandom(cases.map((c) => c.id).join("\0"));
  const reported = /* @__PURE__ */ new Set();
  const report = (i, force = false) => {
    if (reported.has(i) || measurements[i].remaining > 0 && !force) return;
    reported.add(i);
    finish(cases[i], measurements[i].result());
  };
  for (let round = 0; round < rounds; round++) {
    const order = cases.map((_, i) => i);
    for (let i = order.length - 1; i > 0; i--) {
      const j = random.nextInt(i + 1);
      [order[i], order[j]] = [order[j], order[i]];
    }
    for (const i of order) {
      if (!activeRounds[i].has(round)) continue;
      const m = measurements[i];
      const roundsLeft = [...activeRounds[i]].filter((r) => r >= round).length;
      const share = Math.ceil(m.remaining / roundsLeft);
      if (share > 0) await m.run(share);
      report(i);
    }
  }
  cases.forEach((_, i) => {
    report(i, true);
  });
}

// src/report/escape.ts
var ZERO_WIDTH_SPACE = "​";
function escapeMarkdownInline(text) {
  return text.replace(/\r\n|\r|\n/g, " ").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/([\\`*_[\]|#~!])/g, "\\$1").replace(/@(?=[A-Za-z0-9])/g, `@${ZERO_WIDTH_SPACE}`);
}
function markdownCode(text) {
  const oneLine = text.replace(/\r\n|\r|\n/g, "⏎").replace(/\|/g, "\\|");
  const longest = Math.max(0, ...Array.from(oneLine.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const pad = oneLine.startsWith("`") || oneLine.endsWith("`") ? " " : "";
  return `${fence}${pad}${oneLine}${pad}${fence}`;
}
function markdownCodeBlock(text) {
  const longest = Math.max(2, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  const body = text.endsWith("\n") ? text : `${text}
`;
  return `${fence}text
${body}${fence}`;
}
function markerFor(suite) {
  return `<!-- bench-action:${suite.replace(/[^A-Za-z0-9._-]/g, "_")} -->`;
}

// src/report/rows.ts
var VERDICT_LABEL = {
  regression: "regression",
  improvement: "improvement",
  unchanged: "unchanged",
  unclear: "unclear",
  warning: "warning",
  new: "no baseline",
  missing: "not run",
  failed: "failed"
};
var VERDICT_ICON = {
  regression: "🔴",
  improvement: "🟢",
  unchanged: "⚪",
  unclear: "🟡",
  warning: "⚠️",
  new: "🆕",
  missing: "➖",
  failed: "💥"
};
function headlineMetrics(b) {
  const gated = b.metrics.filter((m) => m.gated);
  const deciding = gated.filter((m) => m.verdict === b.verdict);
  return deciding.length > 0 ? deciding : gated.slice(0, 1);
}
function headOnlyValue(h) {
  if (h.exact) return formatValue(h.summary.median, h.unit);
  return `${formatValue(h.summary.median, h.unit)} ± ${formatValue(h.summary.mad, h.unit)}`;
}
function shownHeadOnly(b, verbose) {
  if (verbose) return b.headOnly;
  const gated = b.headOnly.filter((h) => h.gated);
  return gated.length > 0 ? gated : b.headOnly.slice(0, 1);
}
function metricLabel(m) {
  return m.exact ? m.metric : `${m.metric} (median)`;
}
function metricRow(b, m) {
  return {
    benchmark: b.name,
    metric: metricLabel(m),
    base: formatValue(m.exact ? m.base.median : m.base.median, m.unit),
    head: formatValue(m.head.median, m.unit),
    change: formatChange(m.change),
    interval: m.ci ? formatRatioInterval(m.ci[0], m.ci[1]) : "exact",
    p: m.pValue !== void 0 ? formatPValue(m.pValue) : "",
    verdict: m.verdict,
    notes: m.notes
  };
}
function describeCommit(commit) {
  const parts = [shortSha(commit.sha)];
  if (commit.branch) parts.push(`on ${commit.branch}`);
  if (commit.dirty) parts.push("with uncommitted changes");
  return parts.join(" ");
}
function describeBaseline(c, now) {
  if (!c.baseline) return `no baseline: ${c.noBaselineReason}`;
  const when = formatAge(new Date(c.baseline.createdAt), now);
  return `${describeCommit(c.baseline.commit)}, measured ${when}: ${c.baseline.reason}`;
}
function describeRunNoise(c) {
  if (!c.baseline) return void 0;
  const runs = c.history?.runs ?? 0;
  const where = c.history?.branch ? ` on ${c.history.branch}` : "";
  if (runs >= MIN_RUNS_FOR_NOISE) {
    return `estimated from the last ${runs} stored runs${where}; a change no larger than those runs' spread is unclear, not a regression`;
  }
  return `unknown (${runs} stored run${runs === 1 ? "" : "s"}${where}, ${MIN_RUNS_FOR_NOISE} needed); verdicts assume the machine was as fast for the baseline as for this run`;
}
function describeCounts(c) {
  const parts = [];
  const order = VERDICT_ORDER;
  for (const v of order) {
    const n = c.counts[v];
    if (n > 0 || v === "regression")
      parts.push(`${n} ${n === 1 || v !== "regression" ? VERDICT_LABEL[v] : "regressions"}`);
  }
  return parts;
}
function headline(c) {
  const failed = c.counts.failed;
  const regressions = c.counts.regression;
  const total = c.benchmarks.length;
  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (regressions > 0 && failed > 0) {
    return {
      icon: "🔴",
      text: `${plural(regressions, "regression")} and ${plural(failed, "failed benchmark")}`
    };
  }
  if (regressions > 0)
    return { icon: "🔴", text: `${plural(regressions, "regression")} in ${plural(total, "benchmark")}` };
  if (failed > 0) return { icon: "💥", text: `${plural(failed, "benchmark")} failed to run` };
  if (!c.baseline)
    return { icon: "ℹ️", text: `${plural(total, "benchmark")} measured, no baseline to compare with` };
  return { icon: "✅", text: `no regressions in ${plural(total, "benchmark")}` };
}
function gateDescription(c) {
  const thresholds = new Set(c.benchmarks.map((b) => formatPercentSetting(b.threshold)));
  const alphas = new Set(c.benchmarks.map((b) => String(b.alpha)));
  const t = [...thresholds].join(", ");
  const a = [...alphas].join(", ");
  return `A regression is a gated metric worse than its threshold (${t}) and significant (Mann–Whitney U p < α = ${a}, with the bootstrap confidence interval of the ratio of medians wholly on the bad side). Beyond the threshold but not significant is unclear: shown, not failing.`;
}
function environmentRows(c) {
  const head = c.head.environment;
  const base = c.baseline?.environment;
  const rows = [];
  const keys = [
    ["OS", (e) => `${e.os} ${e.arch}`],
    ["kernel", (e) => e.kernel],
    ["CPU", (e) => `${e.cpuModel} × ${e.cpuCount}`],
    ["glibc", (e) => e.glibc],
    ["runner image", (e) => e.runnerImage],
    ["node", (e) => e.node]
  ];
  for (const [label, get] of keys) {
    const h = get(head);
    const b = base ? get(base) : void 0;
    if (h === void 0 && b === void 0) continue;
    rows.push([label, b ?? "", h ?? ""]);
  }
  const tools = /* @__PURE__ */ new Set([...Object.keys(head.tools), ...Object.keys(base?.tools ?? {})]);
  for (const t of [...tools].sort()) rows.push([t, base?.tools[t] ?? "", head.tools[t] ?? ""]);
  return rows;
}

// src/report/markdown.ts
function table(header, rows) {
  const lines = [`| ${header.join(" | ")} |`, `|${header.map(() => "---").join("|")}|`];
  for (const r of rows) lines.push(`| ${r.join(" | ")} |`);
  return lines.join("\n");
}
function details(summary, body) {
  return `<details>
<summary>${summary}</summary>

${body}

</details>`;
}
var METRIC_HEADER = ["Benchmark", "Metric", "Base", "Head", "Change", "Interval", "p", "Verdict"];
function metricCells(r, emphasise) {
  const change = emphasise ? `**${r.change}**` : r.change;
  return [
    markdownCode(r.benchmark),
    escapeMarkdownInline(r.metric),
    r.base,
    r.head,
    change,
    r.interval,
    r.p,
    `${VERDICT_ICON[r.verdict]} ${VERDICT_LABEL[r.verdict]}`
  ];
}
function headlineRows(benchmarks, emphasise) {
  const rows = [];
  for (const b of benchmarks) {
    for (const m of headlineMetrics(b)) rows.push(metricCells(metricRow(b, m), emphasise));
  }
  return rows;
}
function section(title, benchmarks, emphasise) {
  if (benchmarks.length === 0) return [];
  return [`#### ${title}`, table(METRIC_HEADER, headlineRows(benchmarks, emphasise))];
}
function functionChangesBlocks(benchmarks) {
  const out = [];
  for (const b of benchmarks) {
    if (!b.functionChanges || b.functionChanges.length === 0) continue;
    const rows = b.functionChanges.map((f) => [
      markdownCode(f.name),
      formatCount(f.base),
      formatCount(f.head),
      `${f.delta > 0 ? "+" : ""}${formatCount(f.delta)}`,
      f.deltaPercent === null ? "new" : formatChange(f.deltaPercent / 100)
    ]);
    out.push(
      details(
        `${markdownCode(b.name)}: functions whose instructions changed most`,
        table(["Function", "Base Ir", "Head Ir", "Δ", "Δ%"], rows)
      )
    );
  }
  return out;
}
function failedSection(benchmarks) {
  if (benchmarks.length === 0) return [];
  const out = ["#### Failed"];
  out.push(
    table(
      ["Benchmark", "Error"],
      benchmarks.map((b) => [markdownCode(b.name), escapeMarkdownInline(b.error?.message ?? "failed")])
    )
  );
  for (const b of benchmarks) {
    const tail = b.error?.stderrTail?.trim();
    const command = b.command ? `Command: ${markdownCode(b.command.join(" "))}

` : "";
    const body = tail ? `${command}stderr (last lines):

${markdownCodeBlock(tail)}` : `${command}No stderr output.`;
    out.push(details(`${markdownCode(b.name)}: output`, body));
  }
  return out;
}
function newSection(benchmarks) {
  if (benchmarks.length === 0) return [];
  const rows = benchmarks.flatMap(
    (b) => shownHeadOnly(b, false).map((h) => [
      markdownCode(b.name),
      `${escapeMarkdownInline(h.metric)}${h.exact ? "" : " (median ± MAD)"}`,
      headOnlyValue(h),
      String(h.summary.n)
    ])
  );
  return ["#### Without a baseline", table(["Benchmark", "Metric", "Value", "Runs"], rows)];
}
function allMetricsBlock(benchmarks) {
  const withMetrics = benchmarks.filter((b) => b.metrics.length > 0 || b.headOnly.length > 0);
  if (withMetrics.length === 0) return [];
  const rows = [];
  for (const b of withMetrics) {
    for (const m of b.metrics) {
      const r = metricRow(b, m);
      const cells = metricCells(r, false);
      cells[1] = `${escapeMarkdownInline(r.metric)}${m.gated ? " (gated)" : ""}`;
      rows.push(cells);
    }
    for (const h of b.headOnly) {
      rows.push([
        markdownCode(b.name),
        escapeMarkdownInline(h.metric),
        "",
        headOnlyValue(h),
        "",
        "",
        "",
        `${VERDICT_ICON.new} ${VERDICT_LABEL.new}`
      ]);
    }
  }
  return [details("All metrics", table(METRIC_HEADER, rows))];
}
function notesBlock(benchmarks) {
  const lines = [];
  for (const b of benchmarks) {
    const notes = [
      ...b.notes,
      ...b.metrics.filter((m) => m.gated).flatMap((m) => m.notes.map((n) => `${m.metric}: ${n}`))
    ];
    for (const n of new Set(notes)) lines.push(`- ${markdownCode(b.name)}: ${escapeMarkdownInline(n)}`);
  }
  return lines.length > 0 ? [details(`Notes (${lines.length})`, lines.join("\n"))] : [];
}
function rankingBlock(c) {
  if (c.ranking.length < 2) return [];
  const fastest = c.ranking[0];
  const lines = c.ranking.slice(1).map((r) => {
    const interval = `${sig3(r.ci[0])}–${sig3(r.ci[1])}`;
    return `- ${markdownCode(fastest.name)} ran **${sig3(r.ratio)}×** faster than ${markdownCode(r.name)} (95% interval ${interval})`;
  });
  return [details("Ranking by median wall time", lines.join("\n"))];
}
function engineRankingBlocks(c) {
  return c.engineRankings.map((ranking) => {
    const withThroughput = ranking.engines.some((e) => e.throughput !== void 0);
    const header = ["engine", "time per call", ...withThroughput ? ["throughput"] : [], "vs fastest"];
    const rows = ranking.engines.map((e) => [
      markdownCode(e.engine),
      formatValue(e.median, "ns"),
      ...withThroughput ? [e.throughput === void 0 ? "" : formatValue(e.throughput, "bytes/s")] : [],
      e.ratio === 1 && e.ci[0] === 1 ? "**fastest**" : `${sig3(e.ratio)}× (${sig3(e.ci[0])}–${sig3(e.ci[1])})`
    ]);
    for (const engine of ranking.unranked) {
      rows.push([markdownCode(engine), "failed", ...withThroughput ? [""] : [], ""]);
    }
    const summary = `Engines of ${markdownCode(ranking.benchmark)}: ${ranking.engines[0] ? `${markdownCode(ranking.engines[0].engine)} is fastest` : "none ran"}`;
    return details(summary, table(header, rows));
  });
}
function environmentBlock(c) {
  const rows = environmentRows(c).map(([k, b, h]) => {
    const differs = c.baseline !== void 0 && b !== "" && b !== h;
    return [
      escapeMarkdownInline(k),
      escapeMarkdownInline(b),
      `${escapeMarkdownInline(h)}${differs ? " ⚠️" : ""}`
    ];
  });
  return [details("Environment", table(["", "Base", "Head"], rows))];
}
function renderMarkdown(c, options = {}) {
  const now = options.now ?? /* @__PURE__ */ new Date();
  const h = headline(c);
  const out = [markerFor(c.suite)];
  out.push(`### ${h.icon} bench-action · ${escapeMarkdownInline(c.suite)}: ${h.text}`);
  out.push(describeCounts(c).join(" · "));
  const provenance = [
    `**Head:** ${escapeMarkdownInline(describeCommit(c.head.commit))}`,
    c.baseline ? `**Baseline:** ${escapeMarkdownInline(describeBaseline(c, now))}` : `**No baseline:** ${escapeMarkdownInline(c.noBaselineReason ?? "")}. Results are shown without a verdict.`
  ];
  const noise = describeRunNoise(c);
  if (noise) provenance.push(`**Run-to-run noise:** ${escapeMarkdownInline(noise)}`);
  out.push(provenance.join("  \n"));
  const warnings = [...c.baselineWarnings];
  if (c.environmentDifferences.length > 0) {
    const diffs = c.environmentDifferences.map((d) => `${d.key}: ${d.base} → ${d.head}`).join("; ");
    warnings.push(
      `The baseline was measured in a different environment (${diffs}); timings may not be comparable.`
    );
  }
  if (warnings.length > 0) {
    out.push(["> [!WARNING]", ...warnings.map((w) => `> ${escapeMarkdownInline(w)}`)].join("\n"));
  }
  const by = (v) => c.benchmarks.filter((b) => b.verdict === v);
  out.push(...section("Regressions", by("regression"), true));
  out.push(...functionChangesBlocks(by("regression")));
  out.push(...failedSection(by("failed")));
  out.push(...section("Unclear: beyond the threshold but not significant", by("unclear"), false));
  out.push(...section("Warnings: changed, but the environment differs", by("warning"), false));
  out.push(...section("Improvements", by("improvement"), true));
  out.push(...functionChangesBlocks(by("improvement")));
  out.push(...functionChangesBlocks([...by("unclear"), ...by("warning")]));
  out.push(...newSection(by("new")));
  const missing = by("missing");
  if (missing.length > 0) {
    out.push(
      `#### In the baseline, not run now
${missing.map((b) => `- ${markdownCode(b.name)}`).join("\n")}`
    );
  }
  const unchanged = by("unchanged");
  if (unchanged.length > 0) {
    out.push(details(`${unchanged.length} unchanged`, table(METRIC_HEADER, headlineRows(unchanged, false))));
  }
  out.push(...allMetricsBlock(c.benchmarks));
  out.push(...notesBlock(c.benchmarks));
  out.push(...rankingBlock(c));
  out.push(...engineRankingBlocks(c));
  out.push(...environmentBlock(c));
  const version2 = options.version ? ` · bench-action ${escapeMarkdownInline(options.version)}` : "";
  out.push(
    `<sub>${escapeMarkdownInline(gateDescription(c))} Interval: ${intervalLevels(c)} interval of the change in the median.${version2}</sub>`
  );
  return `${out.join("\n\n")}
`;
}
function intervalLevels(c) {
  const levels = new Set(c.benchmarks.map((b) => `${sig3((1 - b.alpha) * 100)}%`));
  return [...levels].join(", ") || "99%";
}

// src/setup/index.ts
import { execFile as execFile6 } from "node:child_process";
import { constants as constants2 } from "node:fs";
import { access as access3, stat as stat7 } from "node:fs/promises";
import os6 from "node:os";
import path9 from "node:path";

// src/setup/rust.ts
import { readFile as readFile8, stat as stat5 } from "node:fs/promises";
import path7 from "node:path";
var BARE_KEY = /[A-Za-z0-9_-]+/y;
var SCALAR_TOKEN = /[0-9A-Za-z_+.:-]+/y;
var SCALAR = /^(?:true|false|[+-]?(?:inf|nan)|[+-]?(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?|0x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*|0o[0-7](?:_?[0-7])*|0b[01](?:_?[01])*|\d{4}-\d{2}-\d{2}(?:[Tt]\d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?)?|\d{2}:\d{2}:\d{2}(?:\.\d+)?)$/;
var ESCAPES = { b: "\b", t: "	", n: "\n", f: "\f", r: "\r", '"': '"', "\\": "\\" };
var TomlReader = class {
  constructor(text, file) {
    this.text = text;
    this.file = file;
  }
  text;
  file;
  pos = 0;
  line = 1;
  /** Every key = value, by its full dotted path (JSON-encoded, so quoted keys with dots stay apart). */
  values = /* @__PURE__ */ new Map();
  /** Every [table] header, by path, with its line. */
  tables = /* @__PURE__ */ new Map();
  arrayTables = 0;
  fail(message, line = this.line) {
    throw new SetupError(`${this.file}:${line}: ${message}`, { file: this.file, line });
  }
  get here() {
    const c = this.text[this.pos];
    if (c === void 0) return "the end of the file";
    if (c === "\n" || c === "\r") return "the end of the line";
    return JSON.stringify(this.text.slice(this.pos, this.pos + 12).split(/[\r\n]/)[0]);
  }
  read() {
    if (this.text.startsWith("\uFEFF")) this.pos = 1;
    let table2 = [];
    for (; ; ) {
      this.skipBlank();
      if (this.pos >= this.text.length) return this;
      if (this.text[this.pos] === "[") table2 = this.header();
      else this.keyValue(table2);
    }
  }
  spaces() {
    while (this.text[this.pos] === " " || this.text[this.pos] === "	") this.pos++;
  }
  comment() {
    if (this.text[this.pos] !== "#") return;
    while (this.pos < this.text.length && this.text[this.pos] !== "\n") this.pos++;
  }
  newline() {
    if (this.text[this.pos] === "\n") {
      this.pos++;
    } else if (this.text.startsWith("\r\n", this.pos)) {
      this.pos += 2;
    } else return false;
    this.line++;
    return true;
  }
  /** Spaces, newlines and comments. */
  skipBlank() {
    for (; ; ) {
      this.spaces();
      this.comment();
      if (!this.newline()) return;
    }
  }
  endOfLine() {
    this.spaces();
    this.comment();
    if (this.pos >= this.text.length || this.newline()) return;
    this.fail(`unexpected ${this.here} after the value (one key = value per line)`);
  }
  expect(char, what) {
    if (this.text[this.pos] !== char) this.fail(`expected ${what}, found ${this.here}`);
    this.pos++;
  }
  header() {
    const line = this.line;
    this.pos++;
    const isArray = this.text[this.pos] === "[";
    if (isArray) this.pos++;
    this.spaces();
    const key = this.key();
    this.spaces();
    this.expect("]", isArray ? '"]]" to close the table header' : '"]" to close the table header');
    if (isArray) this.expect("]", '"]]" to close the table header');
    this.endOfLine();
    if (isArray) return [...key, `[[${this.arrayTables++}]]`];
    const id = JSON.stringify(key);
    const earlier = this.tables.get(id);
    if (earlier !== void 0)
      this.fail(`[${key.join(".")}] is defined twice (first on line ${earlier})`, line);
    this.checkPrefixes(key, line);
    if (this.values.has(id)) this.fail(`${key.join(".")} is already a value, not a table`, line);
    this.tables.set(id, line);
    return key;
  }
  checkPrefixes(keyPath, line) {
    for (let i = 1; i < keyPath.length; i++) {
      const prefix = keyPath.slice(0, i);
      const value = this.values.get(JSON.stringify(prefix));
      if (value && value.type !== "inline-table")
        this.fail(`${prefix.join(".")} is a value (line ${value.line}), not a table`, line);
    }
  }
  keyValue(table2) {
    const line = this.line;
    const key = this.key();
    this.spaces();
    this.expect("=", `"=" after the key ${key.join(".")}`);
    this.spaces();
    const value = this.value();
    this.endOfLine();
    const full = [...table2, ...key];
    const id = JSON.stringify(full);
    const earlier = this.values.get(id);
    if (earlier) this.fail(`${full.join(".")} is defined twice (first on line ${earlier.line})`, line);
    if (this.tables.has(id)) this.fail(`${full.join(".")} is already a table`, line);
    this.checkPrefixes(full, line);
    this.values.set(id, value);
  }
  key() {
    const parts = [this.simpleKey()];
    for (; ; ) {
      this.spaces();
      if (this.text[this.pos] !== ".") return parts;
      this.pos++;
      this.spaces();
      parts.push(this.simpleKey());
    }
  }
  simpleKey() {
    const c = this.text[this.pos];
    if (c === '"') return this.basicString();
    if (c === "'") return this.literalString();
    BARE_KEY.lastIndex = this.pos;
    const m = BARE_KEY.exec(this.text);
    if (!m) this.fail(`expected a key, found ${this.here}`);
    this.pos += m[0].length;
    return m[0];
  }
  value() {
    const line = this.line;
    const c = this.text[this.pos];
    if (c === '"') {
      const value = this.text.startsWith('"""', this.pos) ? this.multilineBasicString() : this.basicString();
      return { type: "string", value, line };
    }
    if (c === "'") {
      const value = this.text.startsWith("'''", this.pos) ? this.multilineLiteralString() : this.literalString();
      return { type: "string", value, line };
    }
    if (c === "[") return this.array();
    if (c === "{") return this.inlineTable();
    SCALAR_TOKEN.lastIndex = this.pos;
    const m = SCALAR_TOKEN.exec(this.text);
    if (!m) this.fail(`expected a value, found ${this.here}`);
    let token = m[0];
    const time2 = /^\d{4}-\d{2}-\d{2}$/.test(token) ? / \d{2}:\d{2}:\d{2}(?:\.\d+)?(?:[Zz]|[+-]\d{2}:\d{2})?/y : void 0;
    if (time2) {
      time2.lastIndex = this.pos + token.length;
      const t = time2.exec(this.text);
      if (t) token += `T${t[0].slice(1)}`;
      this.pos += t ? t[0].length : 0;
    }
    this.pos += m[0].length;
    if (SCALAR.test(token)) return { type: "scalar", text: token, line };
    if (/^[A-Za-z_][\w.+-]*$/.test(token))
      this.fail(`${token} is not a TOML value: strings are quoted, as in "${token}"`, line);
    this.fail(`${token} is not a TOML value`, line);
  }
  escape() {
    const line = this.line;
    const c = this.text[this.pos + 1];
    const simple = c === void 0 ? void 0 : ESCAPES[c];
    if (simple !== void 0) {
      this.pos += 2;
      return simple;
    }
    if (c === "u" || c === "U") {
      const digits = c === "u" ? 4 : 8;
      const hex = this.text.slice(this.pos + 2, this.pos + 2 + digits);
      const code = /^[0-9A-Fa-f]+$/.test(hex) && hex.length === digits ? Number.parseInt(hex, 16) : Number.NaN;
      if (Number.isNaN(code) || code > 1114111 || code >= 55296 && code <= 57343)
        this.fail(`invalid escape \\${c}${hex} in a string`, line);
      this.pos += 2 + digits;
      return String.fromCodePoint(code);
    }
    this.fail(`invalid escape \\${c ?? ""} in a string (use \\\\ for a backslash)`, line);
  }
  basicString() {
    const line = this.line;
    this.pos++;
    let out = "";
    for (; ; ) {
      const c = this.text[this.pos];
      if (c === void 0 || c === "\n" || c === "\r") this.fail("unterminated string", line);
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c === "\\") out += this.escape();
      else {
        out += c;
        this.pos++;
      }
    }
  }
  literalString() {
    const line = this.line;
    const start = ++this.pos;
    for (; ; ) {
      const c = this.text[this.pos];
      if (c === void 0 || c === "\n" || c === "\r") this.fail("unterminated string", line);
      if (c === "'") return this.text.slice(start, this.pos++);
      this.pos++;
    }
  }
  /** Up to two quotes right before the closing delimiter belong to the string. */
  closeMultiline(quote2) {
    if (!this.text.startsWith(quote2.repeat(3), this.pos)) return void 0;
    let extra = "";
    while (extra.length < 2 && this.text[this.pos + 3] === quote2) {
      extra += quote2;
      this.pos++;
    }
    this.pos += 3;
    return extra;
  }
  multilineBasicString() {
    const line = this.line;
    this.pos += 3;
    this.newline();
    let out = "";
    for (; ; ) {
      const c = this.text[this.pos];
      if (c === void 0) this.fail('unterminated """ string', line);
      const closing = this.closeMultiline('"');
      if (closing !== void 0) return out + closing;
      if (c === "\\" && /^\\[ \t]*\r?\n/.test(this.text.slice(this.pos, this.pos + 64))) {
        this.pos++;
        this.skipBlankNoComments();
      } else if (c === "\\") out += this.escape();
      else if (this.newline()) out += "\n";
      else {
        out += c;
        this.pos++;
      }
    }
  }
  skipBlankNoComments() {
    for (; ; ) {
      this.spaces();
      if (!this.newline()) return;
    }
  }
  multilineLiteralString() {
    const line = this.line;
    this.pos += 3;
    this.newline();
    let out = "";
    for (; ; ) {
      if (this.pos >= this.text.length) this.fail("unterminated ''' string", line);
      const closing = this.closeMultiline("'");
      if (closing !== void 0) return out + closing;
      if (this.newline()) out += "\n";
      else out += this.text[this.pos++];
    }
  }
  array() {
    const line = this.line;
    this.pos++;
    const items = [];
    for (; ; ) {
      this.skipBlank();
      if (this.pos >= this.text.length) this.fail('unterminated array: no "]"', line);
      if (this.text[this.pos] === "]") break;
      items.push(this.value());
      this.skipBlank();
      if (this.text[this.pos] === ",") {
        this.pos++;
        continue;
      }
      if (this.text[this.pos] === "]") break;
      if (this.pos >= this.text.length) this.fail('unterminated array: no "]"', line);
      this.fail(`expected "," or "]" in the array, found ${this.here}`);
    }
    this.pos++;
    return { type: "array", items, line };
  }
  inlineTable() {
    const line = this.line;
    this.pos++;
    this.spaces();
    const keys = /* @__PURE__ */ new Set();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return { type: "inline-table", line };
    }
    for (; ; ) {
      const key = this.key();
      const id = JSON.stringify(key);
      if (keys.has(id)) this.fail(`${key.join(".")} is defined twice in the inline table`);
      keys.add(id);
      this.spaces();
      this.expect("=", `"=" after the key ${key.join(".")}`);
      this.spaces();
      this.value();
      this.spaces();
      if (this.text[this.pos] === ",") {
        this.pos++;
        this.spaces();
        continue;
      }
      this.expect("}", '"," or "}" in the inline table');
      return { type: "inline-table", line };
    }
  }
};
var CHANNEL = /^[A-Za-z0-9][A-Za-z0-9._+-]*$/;
var PROFILES = ["minimal", "default", "complete"];
var CHANNEL_EXAMPLES = "stable, beta, nightly, 1.78.0 or nightly-2024-05-01";
function located(file, line, message) {
  return new SetupError(`${file}:${line}: ${message}`, { file, line });
}
function toolchainFromToml(reader, file) {
  const get = (key) => reader.values.get(JSON.stringify(["toolchain", key]));
  const asTable = reader.values.get(JSON.stringify(["toolchain"]));
  if (asTable)
    throw located(file, asTable.line, 'toolchain must be a table: write [toolchain] and then channel = "…"');
  let tableLine = reader.tables.get(JSON.stringify(["toolchain"]));
  if (tableLine === void 0) {
    for (const [key, value] of reader.values) {
      if (JSON.parse(key)[0] === "toolchain")
        tableLine = Math.min(tableLine ?? value.line, value.line);
    }
  }
  if (tableLine === void 0)
    throw new SetupError(
      `${file}: no [toolchain] table; expected for example:
[toolchain]
channel = "stable"`,
      {
        file
      }
    );
  const string3 = (key) => {
    const v = get(key);
    if (!v) return void 0;
    if (v.type !== "string")
      throw located(
        file,
        v.line,
        `toolchain.${key} must be a quoted string${v.type === "scalar" ? `, as in ${key} = "${v.text}"` : ""}`
      );
    return v.value;
  };
  const strings = (key) => {
    const v = get(key);
    if (!v) return [];
    if (v.type !== "array")
      throw located(file, v.line, `toolchain.${key} must be an array of strings, as in ${key} = ["…"]`);
    return v.items.map((item) => {
      if (item.type !== "string" || !CHANNEL.test(item.value))
        throw located(
          file,
          item.line,
          `toolchain.${key} must hold names as quoted strings, as in ${key} = ["…"]`
        );
      return item.value;
    });
  };
  const channel = string3("channel");
  if (channel !== void 0 && !CHANNEL.test(channel))
    throw located(file, get("channel").line, `"${channel}" is not a toolchain channel (${CHANNEL_EXAMPLES})`);
  const profile = string3("profile");
  if (profile !== void 0 && !PROFILES.includes(profile))
    throw located(file, get("profile").line, `profile "${profile}" is not one of ${PROFILES.join(", ")}`);
  const toolchainPath = string3("path");
  const components = strings("components");
  const targets = strings("targets");
  if (channel === void 0 && toolchainPath === void 0)
    throw located(file, tableLine, `[toolchain] names no channel; add for example channel = "stable"`);
  const spec = { components, targets, file };
  if (channel !== void 0) spec.channel = channel;
  if (profile !== void 0) spec.profile = profile;
  if (toolchainPath !== void 0) spec.path = path7.resolve(path7.dirname(file), toolchainPath);
  return spec;
}
function legacyChannel(text, file) {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/).map((content, i) => ({ content: content.trim(), line: i + 1 })).filter((l) => l.content !== "");
  const [first, second] = lines;
  if (!first) throw located(file, 1, `empty file: write one toolchain name (${CHANNEL_EXAMPLES})`);
  if (second)
    throw located(
      file,
      second.line,
      "a rust-toolchain file holds one toolchain name; for components or targets use TOML with a [toolchain] table"
    );
  if (!CHANNEL.test(first.content))
    throw located(file, first.line, `"${first.content}" is not a toolchain channel (${CHANNEL_EXAMPLES})`);
  return { channel: first.content, components: [], targets: [], file };
}
function parseToolchainFile(text, file) {
  const legacy = path7.basename(file) === "rust-toolchain";
  if (legacy && !/^\s*\[|=/m.test(text)) return legacyChannel(text, file);
  return toolchainFromToml(new TomlReader(text, file).read(), file);
}
async function exists2(file) {
  try {
    const s = await stat5(file);
    return s.isFile() ? "file" : s.isDirectory() ? "dir" : void 0;
  } catch {
    return void 0;
  }
}
async function findToolchainFile(cwd) {
  let dir = path7.resolve(cwd);
  for (; ; ) {
    for (const name of ["rust-toolchain", "rust-toolchain.toml"]) {
      const candidate = path7.join(dir, name);
      if (await exists2(candidate) === "file") return candidate;
    }
    if (await exists2(path7.join(dir, ".git"))) return void 0;
    const parent = path7.dirname(dir);
    if (parent === dir) return void 0;
    dir = parent;
  }
}
async function readToolchainFile(file) {
  let text;
  try {
    text = await readFile8(file, "utf8");
  } catch (err) {
    throw new SetupError(
      `cannot read ${file}: ${err.code ?? err.message}`,
      {
        file
      }
    );
  }
  return parseToolchainFile(text, file);
}
async function resolvePin(opts, env, log) {
  const named = (channel, source) => {
    if (!CHANNEL.test(channel))
      throw new SetupError(`${source}: "${channel}" is not a toolchain channel (${CHANNEL_EXAMPLES})`);
    return { channel, components: [], targets: [], source };
  };
  if (opts.toolchain !== void 0)
    return { ...named(opts.toolchain.trim(), "the toolchain option"), explicit: true };
  if (env.RUSTUP_TOOLCHAIN) return named(env.RUSTUP_TOOLCHAIN.trim(), "RUSTUP_TOOLCHAIN");
  const file = await findToolchainFile(opts.cwd);
  if (!file) return { components: [], targets: [], source: "the default toolchain" };
  if (path7.basename(file) === "rust-toolchain" && await exists2(`${file}.toml`) === "file")
    log(`warning: both ${file} and ${file}.toml exist; rustup uses ${file}, and so does bench-action`);
  return { ...await readToolchainFile(file), source: file };
}
function isTriple(rest) {
  return /^[a-z][a-z0-9_.]*(?:-[a-z0-9_.]+){1,3}$/.test(rest);
}
function nameMatches(installed, wanted) {
  if (installed === wanted) return true;
  return installed.startsWith(`${wanted}-`) && isTriple(installed.slice(wanted.length + 1));
}
function parseToolchainList(text) {
  const names = [];
  let hasDefault = false;
  for (const line of text.split(/\r?\n/)) {
    const m = /^(\S+)(.*)$/.exec(line.trim());
    if (!m || /^no installed toolchains/i.test(line.trim())) continue;
    names.push(m[1]);
    if (/\(([^)]*\b)?default\b/.test(m[2])) hasDefault = true;
  }
  return { names, hasDefault };
}
function parseRustVersion(text, program) {
  return new RegExp(`^${program}\\s+(\\d+\\.\\d+\\.\\d+(?:-[0-9A-Za-z.]+)?)`, "m").exec(text)?.[1];
}
function channelMatches(channel, version2) {
  const base = channel.replace(/-\d{4}-\d{2}-\d{2}$/, "");
  if (base === "stable") return !version2.includes("-");
  if (base === "beta" || base === "nightly") return version2.includes(`-${base}`);
  if (/^\d+\.\d+$/.test(base)) return version2.startsWith(`${base}.`);
  if (/^\d+\.\d+\.\d+$/.test(base)) return version2 === base || version2.startsWith(`${base}-`);
  return true;
}
async function runOrFail(ctx, argv, what, quiet = false) {
  if (!quiet) ctx.log(`$ ${argv.join(" ")}`);
  const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd });
  if (result.code !== 0) {
    const tail = outputTail(result);
    throw new SetupError(
      `${what}: \`${argv.join(" ")}\` failed (exit ${result.code})${tail ? `:
${tail}` : ""}`
    );
  }
  return result.stdout;
}
async function query(ctx, argv) {
  const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd, timeoutMs: 12e4 });
  return result.code === 0 ? result.stdout : void 0;
}
async function detectVersions(ctx, plus, pin) {
  const select = plus ? [`+${plus}`] : [];
  const probe2 = async (program) => {
    const argv = [program, ...select, "--version"];
    const result = await ctx.run(argv, { env: ctx.env, cwd: ctx.cwd, timeoutMs: 12e4 });
    if (result.code === 127)
      throw new SetupError(
        `${program} is not on PATH${plus ? ` (toolchain ${plus} is installed)` : ""}: add rustup's bin directory (usually ~/.cargo/bin) to PATH, then run again`
      );
    if (result.code !== 0) {
      const tail = outputTail(result);
      throw new SetupError(
        `\`${argv.join(" ")}\` failed (exit ${result.code}) for ${pin.source}${tail ? `:
${tail}` : ""}`
      );
    }
    const version2 = parseRustVersion(result.stdout, program);
    if (!version2)
      throw new SetupError(
        `\`${argv.join(" ")}\` printed ${JSON.stringify(result.stdout.trim().slice(0, 200))}, expected "${program} X.Y.Z (…)"`
      );
    return version2;
  };
  const rustc = await probe2("rustc");
  await probe2("cargo");
  return { version: rustc, path: await findExecutable("cargo", ctx.env, ctx.platform) ?? "cargo" };
}
async function withRustup(ctx, pin, justInstalled) {
  const list = justInstalled ? parseToolchainList(await query(ctx, ["rustup", "toolchain", "list"]) ?? "") : parseToolchainList(
    await runOrFail(ctx, ["rustup", "toolchain", "list"], "cannot list Rust toolchains", true)
  );
  let installed = justInstalled;
  let channel = pin.channel;
  if (!channel && !pin.path && !list.hasDefault) {
    channel = "stable";
    ctx.log("rustup has no default toolchain: using stable");
  }
  if (channel && !pin.path) {
    const profile = pin.profile ?? "minimal";
    if (!list.names.some((n) => nameMatches(n, channel))) {
      ctx.log(`Rust toolchain ${channel} (from ${pin.source}) is not installed: installing it`);
      await runOrFail(
        ctx,
        [
          "rustup",
          "toolchain",
          "install",
          channel,
          "--profile",
          profile,
          "--no-self-update",
          ...pin.components.flatMap((c) => ["--component", c]),
          ...pin.targets.flatMap((t) => ["--target", t])
        ],
        `cannot install Rust toolchain ${channel}`
      );
      installed = true;
    } else {
      installed = await addMissing(ctx, channel, pin) || installed;
    }
    const ci = ctx.env.GITHUB_ACTIONS === "true";
    if (!list.hasDefault || ci && pin.explicit) {
      await runOrFail(ctx, ["rustup", "default", channel], `cannot make ${channel} the default toolchain`);
    }
  }
  const { version: version2, path: where } = await detectVersions(ctx, pin.path ? void 0 : channel, pin);
  ctx.log(`Rust ${version2}${channel ? ` (toolchain ${channel})` : ""}: cargo at ${where}`);
  const status = { tool: "rust", version: version2, path: where, installed };
  if (channel) status.toolchain = channel;
  return status;
}
async function addMissing(ctx, channel, pin) {
  let added = false;
  if (pin.components.length > 0) {
    const listed = await query(ctx, ["rustup", "component", "list", "--installed", "--toolchain", channel]);
    const have = (listed ?? "").split(/\r?\n/).map((l) => l.trim());
    const missing = pin.components.filter(
      (c) => listed === void 0 || !have.some((h) => nameMatches(h, c.replace(/-preview$/, "")))
    );
    if (missing.length > 0) {
      await runOrFail(
        ctx,
        ["rustup", "component", "add", "--toolchain", channel, ...missing],
        `cannot add components to ${channel}`
      );
      added = true;
    }
  }
  if (pin.targets.length > 0) {
    const listed = await query(ctx, ["rustup", "target", "list", "--installed", "--toolchain", channel]);
    const have = new Set((listed ?? "").split(/\r?\n/).map((l) => l.trim()));
    const missing = pin.targets.filter((t) => listed === void 0 || !have.has(t));
    if (missing.length > 0) {
      await runOrFail(
        ctx,
        ["rustup", "target", "add", "--toolchain", channel, ...missing],
        `cannot add targets to ${channel}`
      );
      added = true;
    }
  }
  return added;
}
async function withoutRustup(ctx, pin) {
  const { version: version2, path: where } = await detectVersions(ctx, void 0, pin);
  if (pin.channel && !channelMatches(pin.channel, version2))
    ctx.log(
      `warning: ${pin.source} asks for Rust ${pin.channel}, but rustup is not installed, so the cargo on PATH (Rust ${version2}) is used`
    );
  if (pin.components.length + pin.targets.length > 0)
    ctx.log(`warning: without rustup the components and targets named in ${pin.source} are not checked`);
  ctx.log(`Rust ${version2}: cargo at ${where}`);
  const status = { tool: "rust", version: version2, path: where, installed: false };
  if (pin.channel) status.toolchain = pin.channel;
  return status;
}
function howToGetRust(ctx, channel, packaged) {
  const ways = [];
  if (ctx.platform === "darwin") ways.push(`\`brew install rustup\`, then \`rustup default ${channel}\``);
  else if (ctx.platform === "win32") ways.push("`winget install Rustlang.Rustup`");
  if (packaged) ways.push(packaged);
  ways.push("rustup from https://rustup.rs");
  return `Install Rust with ${ways.join("; or ")}. In a GitHub Actions workflow, add \`- uses: dtolnay/rust-toolchain@${/^[\w.-]+$/.test(channel) ? channel : "stable"}\` before bench-action.`;
}
async function installRustup(ctx, pin) {
  const channel = pin.channel ?? "stable";
  const missing = "neither cargo nor rustup is installed";
  if (ctx.platform !== "linux") throw new SetupError(`${missing}. ${howToGetRust(ctx, channel)}`);
  if (!await findExecutable("apt-get", ctx.env, ctx.platform)) {
    const other = await otherPackageManagerCommand("rustup", ctx.env, ctx.uid);
    throw new SetupError(
      `${missing}. ${howToGetRust(ctx, channel, other ? `\`${other.command}\` (${other.manager})` : void 0)}`
    );
  }
  const install = { run: ctx.run, env: ctx.env, log: ctx.log, uid: ctx.uid, apt: ctx.apt };
  const policy = async () => {
    const out = await query(ctx, ["apt-cache", "policy", "rustup", "cargo"]);
    return parseAptPolicy(out ?? "");
  };
  let candidates = await policy();
  if (!candidates.has("rustup") && !candidates.has("cargo") && !ctx.apt.updated) {
    await aptUpdate(install, `${sudoHint(ctx.uid)}apt-get update`);
    candidates = await policy();
  }
  if (candidates.has("rustup")) {
    ctx.log(`${missing}: installing rustup ${candidates.get("rustup")} with apt-get`);
    await aptInstall(["rustup"], install);
    if (!await findExecutable("rustup", ctx.env, ctx.platform))
      throw new SetupError(
        "apt-get installed rustup, but `rustup` is not on PATH: check PATH, then run again"
      );
    return withRustup(ctx, { ...pin, channel }, true);
  }
  const cargo = candidates.get("cargo");
  throw new SetupError(
    `${missing}, and apt has no rustup package here. ${howToGetRust(
      ctx,
      channel,
      cargo ? `the distribution's cargo (${cargo}, usually older than stable): \`${sudoHint(ctx.uid)}apt-get install -y cargo\`` : void 0
    )}`
  );
}
async function ensureRust(opts) {
  const env = opts.env ?? process.env;
  const ctx = {
    run: opts.run ?? defaultRunner,
    env,
    log: opts.log ?? (() => {
    }),
    cwd: path7.resolve(opts.cwd),
    platform: opts.platform ?? process.platform,
    uid: opts.uid ?? currentUid(),
    apt: opts.apt ?? { updated: false }
  };
  const pin = await resolvePin(opts, env, ctx.log);
  if (pin.channel) ctx.log(`Rust toolchain ${pin.channel} from ${pin.source}`);
  if (await findExecutable("rustup", env, ctx.platform)) return withRustup(ctx, pin, false);
  if (await findExecutable("cargo", env, ctx.platform)) return withoutRustup(ctx, pin);
  return installRustup(ctx, pin);
}

// src/setup/valgrind.ts
var VERSION_TIMEOUT_MS = 6e4;
function parseValgrindVersion(text) {
  return /\bvalgrind-(\d+\.\d+(?:\.\d+)?(?:[.-][0-9A-Za-z.+~-]*)?)/.exec(text)?.[1];
}
function isOlderThan(version2, major, minor) {
  const [a, b] = version2.split(".").map((n) => Number.parseInt(n, 10));
  return a < major || a === major && b < minor;
}
function unsupportedPlatform(platform) {
  if (platform === "darwin")
    return new SetupError(
      'valgrind does not run on macOS: recent macOS versions are not supported by valgrind. Measure instructions benchmarks on Linux (a Linux CI runner, or a container such as `docker run --rm -it -v "$PWD":/src -w /src ubuntu:24.04`), or use the process kind to time benchmarks on this machine.'
    );
  if (platform === "win32")
    return new SetupError(
      "valgrind does not run on Windows. Measure instructions benchmarks on Linux (WSL, a Linux container or a Linux CI runner), or use the process kind to time benchmarks here."
    );
  return void 0;
}
async function detect(run5, env) {
  const result = await run5(["valgrind", "--version"], { env, timeoutMs: VERSION_TIMEOUT_MS });
  if (result.code === 127) return void 0;
  const where = await findExecutable("valgrind", env) ?? "valgrind";
  if (result.code !== 0) {
    const tail = outputTail(result);
    throw new SetupError(
      `${where} is installed but \`valgrind --version\` failed (exit ${result.code})${tail ? `:
${tail}` : ""}`
    );
  }
  const version2 = parseValgrindVersion(result.stdout) ?? parseValgrindVersion(result.stderr);
  if (!version2)
    throw new SetupError(
      `${where} is not a valgrind this can use: \`valgrind --version\` printed ${JSON.stringify(
        (result.stdout || result.stderr).trim().slice(0, 200)
      )}, expected "valgrind-X.Y.Z"`
    );
  return { version: version2, path: where };
}
function warnIfOld(found, log) {
  if (isOlderThan(found.version, 3, 19))
    log(
      `warning: valgrind ${found.version} misreads DWARF 5 debug info (the default of clang 14 and later); compile benchmarks with -gdwarf-4, or use valgrind 3.19 or later (ubuntu-24.04 ships 3.22)`
    );
}
async function ensureValgrind(opts = {}) {
  const run5 = opts.run ?? defaultRunner;
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => {
  });
  const platform = opts.platform ?? process.platform;
  const uid = opts.uid ?? currentUid();
  const unsupported = unsupportedPlatform(platform);
  if (unsupported) throw unsupported;
  const existing = await detect(run5, env);
  if (existing) {
    log(`valgrind ${existing.version} found at ${existing.path}`);
    warnIfOld(existing, log);
    return { tool: "valgrind", version: existing.version, path: existing.path, installed: false };
  }
  if (platform !== "linux")
    throw new SetupError(
      `valgrind is not installed: install it with the system's package manager (on FreeBSD: \`${sudoHint(uid)}pkg install -y valgrind\`), then run again`
    );
  if (!await findExecutable("apt-get", env)) {
    const other = await otherPackageManagerCommand("valgrind", env, uid);
    throw new SetupError(
      other ? `valgrind is not installed, and this system uses ${other.manager}, not apt-get: install it with \`${other.command}\`, then run again` : "valgrind is not installed, and apt-get is not available: install valgrind with the distribution's package manager (the package is called valgrind), then run again"
    );
  }
  log("valgrind is not installed: installing it with apt-get");
  const ctx = { run: run5, env, log, uid, apt: opts.apt ?? { updated: false } };
  await aptInstall(["valgrind"], ctx);
  const installed = await detect(run5, env);
  if (!installed)
    throw new SetupError(
      "apt-get installed valgrind, but `valgrind` is still not on PATH: check PATH, or run `apt-get install -y valgrind` by hand"
    );
  log(`valgrind ${installed.version} installed at ${installed.path}`);
  warnIfOld(installed, log);
  return { tool: "valgrind", version: installed.version, path: installed.path, installed: true };
}

// src/setup/zig.ts
import { randomBytes as randomBytes2 } from "node:crypto";
import { chmod, mkdir as mkdir3, readdir as readdir4, rename as rename3, rm as rm3, stat as stat6 } from "node:fs/promises";
import os5 from "node:os";
import path8 from "node:path";
var DEFAULT_ZIG_VERSION = "0.17.1";
var VERSION_TIMEOUT_MS2 = 6e4;
var DOWNLOAD_TIMEOUT_MS = 20 * 6e4;
var UNPACK_TIMEOUT_MS = 10 * 6e4;
var PYPI_VERSION = /^\d+(?:\.\d+){1,3}(?:(?:a|b|rc|\.dev|\.post)\d+)?$/;
function zigVersionOf(pypiVersion) {
  return pypiVersion.replace(/\.post\d+$/, "");
}
function wheelPlatformTags(platform, arch) {
  const tags = {
    "linux-x64": ["manylinux_2_12_x86_64", "manylinux2010_x86_64", "musllinux_1_1_x86_64"],
    "linux-arm64": ["manylinux_2_17_aarch64", "manylinux2014_aarch64", "musllinux_1_1_aarch64"],
    "linux-ia32": ["manylinux_2_12_i686", "manylinux2010_i686", "musllinux_1_1_i686"],
    "linux-arm": ["manylinux_2_17_armv7l", "manylinux2014_armv7l", "musllinux_1_1_armv7l"],
    "linux-ppc64": ["manylinux_2_17_ppc64le", "manylinux2014_ppc64le", "musllinux_1_1_ppc64le"],
    "linux-s390x": ["manylinux_2_17_s390x", "manylinux2014_s390x", "musllinux_1_1_s390x"],
    "linux-riscv64": ["manylinux_2_31_riscv64", "musllinux_1_1_riscv64"],
    // pip widens a macOS tag to every older macOS release of the same architecture.
    "darwin-x64": ["macosx_15_0_x86_64"],
    "darwin-arm64": ["macosx_15_0_arm64"],
    "win32-x64": ["win_amd64"],
    "win32-ia32": ["win32"],
    "win32-arm64": ["win_arm64"]
  };
  return tags[`${platform}-${arch}`];
}
function zigCacheRoot(env, cacheDir) {
  if (cacheDir) return path8.resolve(cacheDir, "tools", "zig");
  if (env.BENCH_ACTION_CACHE_DIR) return path8.resolve(env.BENCH_ACTION_CACHE_DIR, "tools", "zig");
  const base = env.XDG_CACHE_HOME || path8.join(env.HOME || env.USERPROFILE || os5.homedir(), ".cache");
  return path8.resolve(base, "bench-action", "tools", "zig");
}
function exeName(platform) {
  return platform === "win32" ? "zig.exe" : "zig";
}
function firstLine(text) {
  return text.trim().split(/\r?\n/)[0]?.trim() ?? "";
}
async function exists3(file) {
  try {
    await stat6(file);
    return true;
  } catch {
    return false;
  }
}
async function probe(zig, run5, env) {
  const result = await run5([zig, "version"], { env, timeoutMs: VERSION_TIMEOUT_MS2 });
  if (result.code === 127) return { ok: false, missing: true, why: "not found" };
  const version2 = firstLine(result.stdout);
  if (result.code !== 0 || !/^\d+\.\d+\.\d+/.test(version2)) {
    const tail = outputTail(result);
    return {
      ok: false,
      missing: false,
      why: `\`${zig} version\` failed (exit ${result.code})${tail ? `: ${tail}` : ""}`
    };
  }
  return { ok: true, version: version2 };
}
async function findPython(run5, env) {
  let pipless;
  for (const exe of ["python3", "python"]) {
    const result = await run5([exe, "-m", "pip", "--version"], { env, timeoutMs: VERSION_TIMEOUT_MS2 });
    if (result.code === 0 && /python 3\./i.test(result.stdout)) return { argv: [exe] };
    if (result.code !== 127 && !pipless) pipless = { exe, result };
  }
  if (pipless) {
    const tail = outputTail(pipless.result, 2);
    throw new SetupError(
      `Zig is downloaded from PyPI with pip, but \`${pipless.exe} -m pip\` does not work${tail ? ` (${tail})` : ""}: install pip (\`apt-get install -y python3-pip\`, or \`python3 -m ensurepip --user\`), then run again`
    );
  }
  throw new SetupError(
    "Zig is downloaded from PyPI with pip, and neither python3 nor python is on PATH: install Python 3 with pip (`apt-get install -y python3-pip`), then run again"
  );
}
function versionsSeen(result) {
  const match = /\(from versions: ([^)]*)\)/.exec(`${result.stderr}
${result.stdout}`);
  if (!match) return void 0;
  return match[1].split(",").map((v) => v.trim()).filter((v) => v !== "" && v !== "none" && v !== "0.0.0");
}
function noMatch(result) {
  return /No matching distribution found|Could not find a version that satisfies/i.test(
    `${result.stderr}
${result.stdout}`
  );
}
async function downloadWheel(python, version2, dest, target, ctx) {
  const base = [
    ...python.argv,
    "-m",
    "pip",
    "download",
    `ziglang==${version2}`,
    "--no-deps",
    "--only-binary=:all:",
    "--dest",
    dest
  ];
  const env = { ...ctx.env, PIP_DISABLE_PIP_VERSION_CHECK: "1", PIP_NO_INPUT: "1" };
  const tags = wheelPlatformTags(target.platform, target.arch);
  const native = target.platform === process.platform && target.arch === process.arch;
  const attempts = [];
  if (native) attempts.push(base);
  if (tags) attempts.push([...base, ...tags.flatMap((t) => ["--platform", t])]);
  const where = `${target.platform}-${target.arch}`;
  if (attempts.length === 0)
    throw new SetupError(`no Zig wheel for ${where}: PyPI's ziglang package has none for this platform`);
  let last;
  for (const argv of attempts) {
    ctx.log(`$ ${argv.join(" ")}`);
    const result2 = await ctx.run(argv, { env, timeoutMs: DOWNLOAD_TIMEOUT_MS });
    if (result2.code === 0) {
      const wheels = (await readdir4(dest)).filter((f) => /^ziglang-.*\.whl$/i.test(f));
      if (wheels.length === 1) return path8.join(dest, wheels[0]);
      throw new SetupError(
        `\`pip download ziglang==${version2}\` succeeded but left ${wheels.length} wheels in ${dest}, expected one`
      );
    }
    last = result2;
    if (!noMatch(result2)) break;
  }
  const result = last;
  if (noMatch(result)) {
    const seen = versionsSeen(result);
    if (seen && seen.length > 0)
      throw new SetupError(
        `Zig ${version2} is not available from PyPI for ${where}: there is no ziglang==${version2} wheel for this platform (versions with one: ${seen.slice(-8).join(", ")}); pick one of those`
      );
    throw new SetupError(
      `Zig ${version2} is not available from PyPI for ${where}: PyPI's ziglang package has no wheel for this platform`
    );
  }
  const tail = outputTail(result);
  throw new SetupError(
    `downloading Zig ${version2} from PyPI failed: \`pip download ziglang==${version2}\` exited with ${result.code}${tail ? `:
${tail}` : ""}
Check that PyPI (or the configured package index) is reachable, then run again.`
  );
}
async function ensureZig(opts = {}) {
  const run5 = opts.run ?? defaultRunner;
  const env = opts.env ?? process.env;
  const log = opts.log ?? (() => {
  });
  const platform = opts.platform ?? process.platform;
  const arch = opts.arch ?? process.arch;
  const pypiVersion = opts.version?.trim() || DEFAULT_ZIG_VERSION;
  if (!PYPI_VERSION.test(pypiVersion))
    throw new SetupError(
      `invalid Zig version "${opts.version}": expected a release of PyPI's ziglang package, such as "${DEFAULT_ZIG_VERSION}"`
    );
  const wanted = zigVersionOf(pypiVersion);
  const onPath = await probe("zig", run5, env);
  if (onPath.ok) {
    if (!opts.version || onPath.version === wanted) {
      const where = await findExecutable("zig", env, platform) ?? "zig";
      log(`zig ${onPath.version} found at ${where}`);
      return { tool: "zig", version: onPath.version, path: where, installed: false };
    }
    log(`zig ${onPath.version} is on PATH, but ${wanted} is wanted`);
  } else if (!onPath.missing) log(`warning: ignoring the zig on PATH: ${onPath.why}`);
  const root = zigCacheRoot(env, opts.cacheDir);
  const dir = path8.join(root, pypiVersion);
  const zig = path8.join(dir, exeName(platform));
  if (await exists3(zig)) {
    const cached2 = await probe(zig, run5, env);
    if (cached2.ok && cached2.version === wanted) {
      log(`zig ${cached2.version} found in the tool cache at ${zig}`);
      return { tool: "zig", version: cached2.version, path: zig, installed: false };
    }
    log(
      `warning: the cached zig at ${zig} does not work (${cached2.ok ? `it is version ${cached2.version}` : cached2.why}); installing it again`
    );
  }
  const python = await findPython(run5, env);
  await mkdir3(root, { recursive: true });
  const work = path8.join(root, `.tmp-${pypiVersion}-${process.pid}-${randomBytes2(4).toString("hex")}`);
  await mkdir3(work);
  try {
    log(`downloading Zig ${pypiVersion} from PyPI (the ziglang package) into ${root}`);
    const wheel = await downloadWheel(
      python,
      pypiVersion,
      path8.join(work, "download"),
      { platform, arch },
      {
        run: run5,
        env,
        log
      }
    );
    const unpacked = path8.join(work, "unpacked");
    const unzip = [...python.argv, "-m", "zipfile", "-e", wheel, unpacked];
    log(`$ ${unzip.join(" ")}`);
    const result = await run5(unzip, { env, timeoutMs: UNPACK_TIMEOUT_MS });
    if (result.code !== 0) {
      const tail = outputTail(result);
      throw new SetupError(`unpacking ${wheel} failed (exit ${result.code})${tail ? `:
${tail}` : ""}`);
    }
    const staged = path8.join(unpacked, "ziglang");
    const stagedZig = path8.join(staged, exeName(platform));
    if (!await exists3(stagedZig))
      throw new SetupError(`${path8.basename(wheel)} does not contain ziglang/${exeName(platform)}`);
    await chmod(stagedZig, 493);
    if (await exists3(dir)) await rm3(dir, { recursive: true, force: true });
    try {
      await rename3(staged, dir);
    } catch (err) {
      const code = err.code;
      if (code !== "ENOTEMPTY" && code !== "EEXIST" && code !== "EPERM") throw err;
    }
  } finally {
    await rm3(work, { recursive: true, force: true });
  }
  const installed = await probe(zig, run5, env);
  if (!installed.ok)
    throw new SetupError(`Zig ${pypiVersion} was unpacked to ${dir}, but it does not run: ${installed.why}`);
  if (installed.version !== wanted)
    throw new SetupError(
      `Zig ${pypiVersion} was unpacked to ${dir}, but \`zig version\` prints ${installed.version}, expected ${wanted}`
    );
  log(`zig ${installed.version} installed at ${zig}`);
  return { tool: "zig", version: installed.version, path: zig, installed: true };
}

// src/setup/index.ts
var KNOWN_TOOLS = ["valgrind", "rust", "zig"];
var SetupError = class extends Error {
  name = "SetupError";
  exitCode = 3;
  /** The file the problem is in, when there is one (a malformed rust-toolchain.toml). */
  file;
  line;
  constructor(message, where) {
    super(message);
    this.file = where?.file;
    this.line = where?.line;
  }
};
var MAX_OUTPUT = 64 * 1024 * 1024;
var defaultRunner = (argv, opts = {}) => {
  const [file, ...args] = argv;
  if (!file) return Promise.reject(new TypeError("defaultRunner: empty argv"));
  return new Promise((resolve) => {
    execFile6(
      file,
      args,
      {
        cwd: opts.cwd,
        env: opts.env ?? process.env,
        timeout: opts.timeoutMs ?? 0,
        maxBuffer: MAX_OUTPUT,
        windowsHide: true,
        encoding: "utf8"
      },
      (err, stdout, stderr) => {
        if (!err) {
          resolve({ code: 0, stdout, stderr });
          return;
        }
        const failure2 = err;
        if (typeof failure2.code === "number") resolve({ code: failure2.code, stdout, stderr });
        else if (failure2.code === "ENOENT")
          resolve({ code: 127, stdout: "", stderr: `${file}: command not found` });
        else if (failure2.code === "EACCES")
          resolve({ code: 126, stdout: "", stderr: `${file}: permission denied` });
        else if (failure2.signal) {
          const number3 = os6.constants.signals[failure2.signal] ?? 0;
          const why = failure2.killed && opts.timeoutMs ? `timed out after ${opts.timeoutMs / 1e3}s` : "";
          resolve({
            code: 128 + number3,
            stdout,
            stderr: `${stderr}${stderr && !stderr.endsWith("\n") ? "\n" : ""}${file}: ${why || `killed by ${failure2.signal}`}`
          });
        } else resolve({ code: 1, stdout, stderr: `${stderr}${err.message}` });
      }
    );
  });
};
function outputTail(result, lines = 6) {
  return (result.stderr.trim() ? result.stderr : result.stdout).split(/\r?\n/).map((l) => l.trimEnd()).filter((l) => l.trim() !== "").slice(-lines).join("\n");
}
function pathVariable(env, platform) {
  if (platform !== "win32") return env.PATH ?? "";
  const key = Object.keys(env).find((k) => k.toUpperCase() === "PATH");
  return key ? env[key] ?? "" : "";
}
async function isExecutableFile(file) {
  try {
    if (!(await stat7(file)).isFile()) return false;
    await access3(file, constants2.X_OK);
    return true;
  } catch {
    return false;
  }
}
async function findExecutable(name, env = process.env, platform = process.platform) {
  if (name.includes("/") || platform === "win32" && name.includes("\\"))
    return await isExecutableFile(name) ? path9.resolve(name) : void 0;
  const separator = platform === "win32" ? ";" : ":";
  const extensions = platform === "win32" ? ["", ...(env.PATHEXT ?? ".COM;.EXE;.BAT;.CMD").split(";").filter(Boolean)] : [""];
  for (const dir of pathVariable(env, platform).split(separator)) {
    if (dir === "") continue;
    for (const ext of extensions) {
      const candidate = path9.join(dir, name + ext);
      if (await isExecutableFile(candidate)) return path9.resolve(candidate);
    }
  }
  return void 0;
}
function currentUid() {
  return typeof process.getuid === "function" ? process.getuid() : void 0;
}
function sudoHint(uid) {
  return uid === 0 ? "" : "sudo ";
}
async function rootPrefix(ctx, manual) {
  if (ctx.uid === 0) return [];
  if (await findExecutable("sudo", ctx.env)) return ["sudo", "-n"];
  throw new SetupError(
    `installing needs root, and sudo is not available here: run \`${manual}\` as root, then run again`
  );
}
function aptFailure(argv, result, manual) {
  const tail = outputTail(result);
  if (argv[0] === "sudo" && /password is required|terminal is required|askpass/i.test(result.stderr))
    return new SetupError(
      `sudo needs a password here, so bench-action cannot install on its own: run \`${manual}\` yourself, then run again`
    );
  return new SetupError(
    `\`${argv.join(" ")}\` failed (exit ${result.code})${tail ? `:
${tail}` : ""}
Install by hand with \`${manual}\`, then run again.`
  );
}
async function aptGet(args, ctx, manual) {
  const prefix = await rootPrefix(ctx, manual);
  const argv = [
    ...prefix,
    ...prefix.length > 0 ? ["DEBIAN_FRONTEND=noninteractive"] : [],
    "apt-get",
    ...args
  ];
  ctx.log(`$ ${argv.join(" ")}`);
  const result = await ctx.run(argv, { env: { ...ctx.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (result.code !== 0) throw aptFailure(argv, result, manual);
}
async function aptUpdate(ctx, manual) {
  if (ctx.apt.updated) return;
  await aptGet(["update"], ctx, manual);
  ctx.apt.updated = true;
}
async function aptInstall(packages, ctx) {
  const manual = `${sudoHint(ctx.uid)}apt-get install -y ${packages.join(" ")}`;
  await aptUpdate(ctx, manual);
  await aptGet(["install", "-y", "--no-install-recommends", ...packages], ctx, manual);
}
function parseAptPolicy(text) {
  const candidates = /* @__PURE__ */ new Map();
  let current;
  for (const line of text.split(/\r?\n/)) {
    const header = /^(\S+):\s*$/.exec(line);
    if (header) {
      current = header[1].replace(/:[a-z0-9]+$/, "");
      continue;
    }
    const candidate = /^\s+Candidate:\s*(\S+)/.exec(line);
    if (current && candidate && candidate[1] !== "(none)") candidates.set(current, candidate[1]);
  }
  return candidates;
}
var OTHER_PACKAGE_MANAGERS = [
  { exe: "dnf", install: (pkg) => `dnf install -y ${pkg}` },
  { exe: "yum", install: (pkg) => `yum install -y ${pkg}` },
  { exe: "apk", install: (pkg) => `apk add ${pkg}` },
  { exe: "pacman", install: (pkg) => `pacman -S --needed --noconfirm ${pkg}` },
  { exe: "zypper", install: (pkg) => `zypper --non-interactive install ${pkg}` }
];
async function otherPackageManagerCommand(pkg, env, uid) {
  for (const manager of OTHER_PACKAGE_MANAGERS) {
    if (await findExecutable(manager.exe, env))
      return { manager: manager.exe, command: `${sudoHint(uid)}${manager.install(pkg)}` };
  }
  return void 0;
}
function programName(arg) {
  return path9.basename(arg.replaceAll("\\", "/")).replace(/\.exe$/i, "");
}
var RUST_PROGRAMS = /* @__PURE__ */ new Set(["cargo", "rustc", "rustup"]);
function scriptRunsRust(script) {
  return /(?:^|[\n;&|(]|\b(?:then|do|else|exec|env|time)\s)\s*(?:\S*\/)?(?:cargo|rustc|rustup)(?:\s|$)/.test(
    script
  );
}
function toolsNeeded(kinds, config2) {
  const needed = /* @__PURE__ */ new Set();
  if (kinds.includes("instructions")) needed.add("valgrind");
  for (const step of config2?.setup ?? []) {
    const [program, flag, script] = step.command;
    if (program && programName(program) === "zig") needed.add("zig");
    if (program && RUST_PROGRAMS.has(programName(program))) needed.add("rust");
    else if ((step.shell || flag === "-c") && script && scriptRunsRust(script)) needed.add("rust");
  }
  return KNOWN_TOOLS.filter((t) => needed.has(t));
}
async function runSetup(tools, opts) {
  const wanted = [];
  for (const raw of tools) {
    const name = raw.trim().toLowerCase();
    if (!KNOWN_TOOLS.includes(name))
      throw new SetupError(`unknown tool "${raw}": bench-action can set up ${KNOWN_TOOLS.join(", ")}`);
    if (!wanted.includes(name)) wanted.push(name);
  }
  const apt = { updated: false };
  const common = {
    run: opts.run,
    env: opts.env,
    log: opts.log,
    uid: opts.uid,
    platform: opts.platform,
    apt
  };
  const statuses = [];
  for (const tool of wanted) {
    if (tool === "valgrind") statuses.push(await ensureValgrind(common));
    else if (tool === "zig")
      statuses.push(
        await ensureZig({
          run: opts.run,
          env: opts.env,
          log: opts.log,
          platform: opts.platform,
          version: opts.zigVersion
        })
      );
    else statuses.push(await ensureRust({ ...common, cwd: opts.cwd, toolchain: opts.toolchain }));
  }
  return statuses;
}
function describeStatus(status) {
  const toolchain = status.toolchain ? `, toolchain ${status.toolchain}` : "";
  return `${status.tool} ${status.version} (${status.path}${toolchain}${status.installed ? ", installed" : ""})`;
}

// src/setup-steps.ts
import { spawn as spawn5 } from "node:child_process";
function runSetupStep(step, index, inherit) {
  return new Promise((resolve) => {
    const [program, ...args] = step.command;
    const output = new OutputTail();
    let timedOut = false;
    const child = spawn5(program, args, {
      cwd: step.cwd,
      env: { ...inherit, ...step.env },
      stdio: ["ignore", "pipe", "pipe"],
      // Its own process group, so a timeout can stop everything the step started.
      detached: true
    });
    child.stdout.on("data", (b) => output.push(b));
    child.stderr.on("data", (b) => output.push(b));
    const timer = setTimeout(() => {
      timedOut = true;
      killProcessGroup(child);
    }, step.timeoutMs);
    const fail = (message) => resolve({ step: index + 1, command: step.command, message, outputTail: output.text() ?? "" });
    child.on("error", (err) => {
      clearTimeout(timer);
      fail(`setup step ${index + 1} could not start "${program}": ${err.message}`);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      if (timedOut) fail(`setup step ${index + 1} timed out after ${step.timeoutMs / 1e3}s`);
      else if (signal) fail(`setup step ${index + 1} was killed by ${signal}`);
      else if (code !== 0) fail(`setup step ${index + 1} exited with code ${code}`);
      else resolve(void 0);
    });
  });
}
async function runSetup2(steps, inherit, log) {
  for (const [i, step] of steps.entries()) {
    const started = Date.now();
    log(`setup ${i + 1}/${steps.length}: ${step.command.join(" ")}`);
    const failure2 = await runSetupStep(step, i, inherit);
    if (failure2) return failure2;
    log(`setup ${i + 1}/${steps.length}: done in ${((Date.now() - started) / 1e3).toFixed(1)}s`);
  }
  return void 0;
}

// src/version.ts
var VERSION = "0.1.0";

// src/pipeline.ts
var UsageError = class extends Error {
  name = "UsageError";
};
async function resolveConfigPath(cwd, configPath) {
  if (configPath) return path10.resolve(cwd, configPath);
  const found = findConfigFile(cwd);
  if (!found)
    throw new UsageError(`no bench.yml found in ${cwd} or ${path10.join(cwd, ".github")}; pass --config FILE`);
  return found;
}
async function findBaseline(options, suite, head) {
  let storeRoot = path10.resolve(options.cwd, options.storeDir);
  if (options.baseline) {
    const target = path10.resolve(options.cwd, options.baseline);
    const isDir = await stat8(target).then(
      (s) => s.isDirectory(),
      () => {
        throw new BaselineUsageError(`baseline ${target} does not exist`);
      }
    );
    if (!isDir) return explicitBaseline(target, new DirStore(storeRoot));
    storeRoot = target;
  }
  const branch = await defaultBranch(options.cwd, options.env);
  const base = branch && head.sha ? await mergeBase(options.cwd, head.sha, branch) ?? await mergeBase(options.cwd, head.sha, `origin/${branch}`) : void 0;
  return chooseBaseline({
    store: new DirStore(storeRoot),
    suite,
    head,
    defaultBranch: branch,
    mergeBase: base,
    pullRequest: (options.env.GITHUB_EVENT_NAME ?? "").startsWith("pull_request")
  });
}
async function runPipeline(options) {
  const now = options.now ?? (() => /* @__PURE__ */ new Date());
  const configPath = await resolveConfigPath(options.cwd, options.configPath);
  const config2 = await loadConfig(configPath);
  const cases = planCases(config2, options.filter);
  if (cases.length === 0) {
    throw new UsageError(`--filter ${JSON.stringify(options.filter)} matches no benchmark in ${configPath}`);
  }
  const needed = toolsNeeded(
    config2.benchmarks.map((b) => b.kind),
    config2
  );
  if (options.installTools && needed.length > 0) {
    const setup = { cwd: config2.dir, env: options.env, log: options.log, zigVersion: options.zigVersion };
    for (const status of await runSetup(needed, setup)) {
      options.log(`setup: ${describeStatus(status)}`);
      const dir = path10.dirname(status.path);
      const search = (options.env.PATH ?? "").split(path10.delimiter);
      if (!search.includes(dir))
        options.env.PATH = [dir, ...search].filter((d) => d !== "").join(path10.delimiter);
    }
  }
  const createdAt = now().toISOString();
  const [commit, environment] = await Promise.all([
    commitInfo(options.cwd, options.env),
    collectEnvironment({
      cc: await toolVersion(options.env.CC || "cc"),
      // Instruction counts depend on the valgrind that counted them.
      valgrind: cases.some((c) => c.kind === "instructions") ? await valgrindVersion() : void 0,
      rustc: needed.includes("rust") ? await toolVersion("rustc") : void 0,
      zig: needed.includes("zig") ? await toolVersion("zig", ["version"]) : void 0
    })
  ]);
  const benchmarks = [];
  const setupFailure = await runSetup2(config2.setup, options.env, options.log);
  if (setupFailure) {
    options.log(`${setupFailure.message}; every benchmark is marked failed`);
    for (const c of cases)
      benchmarks.push(failedResult(c, { message: setupFailure.message, stderrTail: setupFailure.outputTail }));
  } else {
    const index = new Map(cases.map((c, i) => [c.id, i]));
    const shown = /* @__PURE__ */ new Map();
    const prefix = (c) => {
      const i = index.get(c.id);
      return i === void 0 ? c.name : `[${i + 1}/${cases.length}] ${c.name}`;
    };
    const measured = await measureSuite(cases, {
      inherit: options.env,
      filter: options.filter,
      onProgress: (c, done, total) => {
        const quarter = Math.floor(done / total * 4);
        if (quarter > (shown.get(c.id) ?? 0)) {
          shown.set(c.id, quarter);
          options.log(`${prefix(c)}: ${done}/${total} ${c.kind === "wall-clock" ? "samples" : "runs"}`);
        }
      },
      onResult: (c, result) => {
        if (result.status === "failed")
          options.log(`${prefix(c)}: failed: ${result.error?.message ?? "unknown error"}`);
      }
    });
    benchmarks.push(...measured);
  }
  const results = {
    schema: RESULTS_SCHEMA,
    version: RESULTS_VERSION,
    suite: config2.suite,
    commit,
    createdAt,
    environment,
    benchmarks
  };
  const choice = await findBaseline(options, config2.suite, commit);
  const comparison = compareResults(results, {
    baseline: choice.baseline,
    noBaselineReason: choice.noBaselineReason,
    baselineWarnings: choice.warnings,
    history: choice.history,
    filtered: options.filter !== void 0
  });
  const markdown = renderMarkdown(comparison, { now: now(), version: VERSION });
  let savedPath;
  if (options.save) {
    if (options.filter !== void 0) {
      options.log("--filter was given: results not saved as a baseline");
    } else if (benchmarks.some((b) => b.status === "ok")) {
      savedPath = await new DirStore(path10.resolve(options.cwd, options.storeDir)).save(results);
    } else {
      options.log("no benchmark succeeded: results not saved as a baseline");
    }
  }
  const jsonPath = options.jsonPath ? path10.resolve(options.cwd, options.jsonPath) : void 0;
  if (jsonPath) await writeText(jsonPath, `${JSON.stringify(results, null, 2)}
`);
  const markdownPath = options.markdownPath ? path10.resolve(options.cwd, options.markdownPath) : void 0;
  if (markdownPath) await writeText(markdownPath, markdown);
  return {
    exitCode: exitCodeFor(comparison),
    config: config2,
    results,
    comparison,
    markdown,
    savedPath,
    jsonPath,
    markdownPath
  };
}
async function writeText(file, text) {
  await mkdir4(path10.dirname(file), { recursive: true });
  await writeFile2(file, text);
}

// src/report/terminal.ts
var CODES = { red: 31, green: 32, yellow: 33, magenta: 35, dim: 2, bold: 1 };
function shouldUseColor(stream, env = process.env) {
  if (env.NO_COLOR !== void 0 && env.NO_COLOR !== "") return false;
  if (env.FORCE_COLOR !== void 0 && env.FORCE_COLOR !== "0") return true;
  if (env.CI) return false;
  return stream.isTTY === true && env.TERM !== "dumb";
}
var VERDICT_STYLE = {
  regression: "red",
  failed: "red",
  unclear: "yellow",
  warning: "yellow",
  improvement: "green",
  unchanged: "dim",
  new: void 0,
  missing: "dim"
};
function stripControl(text) {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0);
    const control = code < 32 && ch !== "\n" && ch !== "	" || code >= 127 && code <= 159;
    out += control ? "?" : ch;
  }
  return out;
}
function clean(text) {
  return stripControl(text).replace(/\n/g, " ");
}
function alignTable(header, rows, rightAligned) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => [...r[i] ?? ""].length)));
  const fmt = (cells) => cells.map((c, i) => {
    const pad = " ".repeat(widths[i] - [...c].length);
    return rightAligned.has(i) ? pad + c : c + pad;
  }).join("  ").trimEnd();
  return [fmt(header), widths.map((w) => "─".repeat(w)).join("  "), ...rows.map(fmt)];
}
function renderTerminal(c, options) {
  const paint = (style, text) => options.color && style ? `\x1B[${CODES[style]}m${text}\x1B[0m` : text;
  const now = options.now ?? /* @__PURE__ */ new Date();
  const out = [];
  const h = headline(c);
  const headStyle = c.verdict === "pass" ? "green" : "red";
  out.push(paint("bold", `bench-action · ${clean(c.suite)}: `) + paint(headStyle, h.text));
  out.push(describeCounts(c).join(" · "));
  out.push(`head:     ${clean(describeCommit(c.head.commit))}`);
  out.push(`baseline: ${clean(describeBaseline(c, now))}`);
  const noise = describeRunNoise(c);
  if (noise) out.push(`noise:    ${clean(noise)}`);
  for (const w of c.baselineWarnings) out.push(paint("yellow", `warning: ${clean(w)}`));
  if (c.environmentDifferences.length > 0) {
    const diffs = c.environmentDifferences.map((d) => `${d.key}: ${d.base} → ${d.head}`).join("; ");
    out.push(paint("yellow", `warning: environment differs from the baseline (${clean(diffs)})`));
  }
  out.push("");
  const header = ["benchmark", "metric", "base", "head", "change", "interval", "p", "verdict"];
  const rows = [];
  const styles = [];
  const order = VERDICT_ORDER;
  const sorted = [...c.benchmarks].sort((a, b) => order.indexOf(a.verdict) - order.indexOf(b.verdict));
  for (const b of sorted) {
    for (const row of benchmarkRows(b, options.verbose === true)) {
      rows.push(row);
      styles.push(VERDICT_STYLE[row[7] === VERDICT_LABEL.failed ? "failed" : b.verdict]);
    }
  }
  const lines = alignTable(header, rows, /* @__PURE__ */ new Set([2, 3, 4, 6]));
  out.push(paint("bold", lines[0]), paint("dim", lines[1]));
  lines.slice(2).forEach((line, i) => {
    out.push(paint(styles[i], line));
  });
  for (const b of c.benchmarks.filter((x) => x.verdict === "regression" && x.functionChanges?.length)) {
    out.push("", paint("bold", `${clean(b.name)}: functions whose instructions changed most`));
    for (const f of b.functionChanges.slice(0, 5)) {
      const pct = f.deltaPercent === null ? "new" : formatChange(f.deltaPercent / 100);
      out.push(`  ${f.delta > 0 ? "+" : ""}${formatCount(f.delta)} Ir (${pct})  ${clean(f.name)}`);
    }
  }
  const failed = c.benchmarks.filter((b) => b.verdict === "failed");
  for (const b of failed) {
    out.push("", paint("red", `${clean(b.name)}: ${clean(b.error?.message ?? "failed")}`));
    const tail = b.error?.stderrTail?.trimEnd();
    if (tail) {
      for (const line of tail.split("\n")) out.push(`  │ ${stripControl(line)}`);
    }
  }
  if (c.ranking.length >= 2) {
    out.push("", paint("bold", "Ranking by median wall time"));
    const fastest = c.ranking[0];
    out.push(`  ${clean(fastest.name)} (${formatValue(fastest.median, "ns")})`);
    for (const r of c.ranking.slice(1)) {
      out.push(
        `    ran ${paint("bold", `${sig3(r.ratio)}×`)} faster than ${clean(r.name)} (95% interval ${sig3(r.ci[0])}–${sig3(r.ci[1])})`
      );
    }
  }
  for (const ranking of c.engineRankings) {
    out.push("", paint("bold", `Engines of ${clean(ranking.benchmark)}`));
    for (const e of ranking.engines) {
      const rate = e.throughput === void 0 ? "" : `  ${formatValue(e.throughput, "bytes/s")}`;
      const versus = e.ratio === 1 && e.ci[0] === 1 ? paint("bold", "fastest") : `${paint("bold", `${sig3(e.ratio)}×`)} (95% interval ${sig3(e.ci[0])}–${sig3(e.ci[1])})`;
      out.push(`  ${clean(e.engine)}  ${formatValue(e.median, "ns")}${rate}  ${versus}`);
    }
    for (const engine of ranking.unranked) out.push(`  ${clean(engine)}  failed`);
  }
  return `${out.join("\n")}
`;
}
function benchmarkRows(b, verbose) {
  if (b.verdict === "failed") {
    return [[clean(b.name), "", "", "", "", "", "", VERDICT_LABEL.failed]];
  }
  if (b.verdict === "missing") return [[clean(b.name), "", "", "", "", "", "", VERDICT_LABEL.missing]];
  if (b.verdict === "new") {
    return shownHeadOnly(b, verbose).map((h) => [
      clean(b.name),
      h.exact ? clean(h.metric) : `${clean(h.metric)} (median)`,
      "",
      headOnlyValue(h),
      "",
      "",
      "",
      VERDICT_LABEL.new
    ]);
  }
  const metrics = verbose ? b.metrics : headlineMetrics(b);
  return metrics.map((m) => {
    const r = metricRow(b, m);
    return [
      clean(r.benchmark),
      clean(r.metric),
      r.base,
      r.head,
      r.change,
      r.interval,
      r.p,
      VERDICT_LABEL[m.verdict]
    ];
  });
}

// src/cli.ts
var USAGE = `bench-action ${VERSION}: benchmarks with a verdict

Usage:
  bench-action [run] [--config FILE] [--dry-run] [--baseline FILE|DIR] [--filter GLOB]
                     [--json FILE] [--markdown FILE] [--store DIR] [--no-save] [--no-install]
                     [--verbose]
  bench-action compare BASE.json HEAD.json [--markdown FILE] [--verbose]
  bench-action setup [valgrind] [rust] [zig] [--config FILE] [--toolchain NAME] [--zig-version V]
                               detect or install the tools the benchmarks need (with no names:
                               what the config's benchmarks need)
  bench-action klv NAME [--config FILE] [--max-iters N] [--max-time DURATION]
                               print the KLV a wall-clock benchmark's runner reads on stdin, to
                               try a runner by hand: bench-action klv NAME | ./runner ENGINE
  bench-action schema          print the config file's JSON Schema
  bench-action --version

run        measure the benchmarks of bench.yml (looked for in the working directory, then
           .github/), compare them with the newest stored baseline and print a verdict
  --config FILE       the config file
  --dry-run           measure and report as CI would, but publish nothing (results are still
                      saved to the local store unless --no-save)
  --baseline FILE|DIR compare with this results file, or use DIR as the store of baselines
  --filter GLOB       only benchmarks whose name matches (* and ?; several separated by commas)
  --json FILE         write this run's results (the ResultSet) as JSON
  --markdown FILE     write the report as markdown (the pull-request comment body)
  --store DIR         where results are kept between runs (default .bench)
  --no-save           do not save this run's results to the store
  --no-install        do not install missing tools the config needs (valgrind, Rust, Zig); by
                      default they are set up first, as \`bench-action setup\` would
  --verbose           show every metric, not only the gated ones

Exit codes: 0 no regression, 1 regression found, 2 bad usage or config, 3 a benchmark or the
environment failed.
`;
var RUN_OPTIONS = {
  config: { type: "string" },
  "dry-run": { type: "boolean" },
  baseline: { type: "string" },
  filter: { type: "string" },
  json: { type: "string" },
  markdown: { type: "string" },
  store: { type: "string" },
  "no-save": { type: "boolean" },
  "no-install": { type: "boolean" },
  verbose: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  version: { type: "boolean" }
};
function isUserError(err) {
  return err instanceof ConfigError || err instanceof UsageError || err instanceof BaselineUsageError || err instanceof ResultsFormatError || err instanceof TypeError && "code" in err && String(err.code).startsWith("ERR_PARSE_ARGS");
}
async function runCli(argv, io) {
  try {
    return await dispatch(argv, io);
  } catch (err) {
    if (err instanceof SetupError) {
      io.stderr.write(`bench-action: ${err.message}
`);
      return err.exitCode;
    }
    if (isUserError(err)) {
      io.stderr.write(`bench-action: ${err.message}
`);
      return 2;
    }
    io.stderr.write(
      `bench-action: internal error: ${err?.stack ?? String(err)}
This is a bug in bench-action; please report it.
`
    );
    return 3;
  }
}
async function dispatch(argv, io) {
  const [first, ...rest] = argv;
  if (first === "compare") return compareCommand(rest, io);
  if (first === "schema") {
    parseArgs({ args: rest, options: {}, allowPositionals: false });
    io.stdout.write(`${JSON.stringify(configJsonSchema(), null, 2)}
`);
    return 0;
  }
  if (first === "setup") return setupCommand(rest, io);
  if (first === "klv") return klvCommand(rest, io);
  if (first === "help") {
    io.stdout.write(USAGE);
    return 0;
  }
  const args = first === "run" ? rest : argv;
  const { values, positionals } = parseArgs({ args, options: RUN_OPTIONS, allowPositionals: true });
  if (values.help) {
    io.stdout.write(USAGE);
    return 0;
  }
  if (values.version) {
    io.stdout.write(`${VERSION}
`);
    return 0;
  }
  if (positionals.length > 0)
    throw new UsageError(`unknown command "${positionals[0]}" (see bench-action --help)`);
  const outcome = await runPipeline({
    cwd: io.cwd,
    configPath: values.config,
    filter: values.filter,
    baseline: values.baseline,
    storeDir: values.store ?? ".bench",
    save: !values["no-save"],
    installTools: !values["no-install"],
    jsonPath: values.json,
    markdownPath: values.markdown,
    env: io.env,
    log: (line) => io.stderr.write(`${line}
`)
  });
  io.stdout.write(
    renderTerminal(outcome.comparison, {
      color: shouldUseColor(io.stdout, io.env),
      verbose: values.verbose === true
    })
  );
  if (outcome.savedPath) io.stderr.write(`results saved to ${path11.relative(io.cwd, outcome.savedPath)}
`);
  return outcome.exitCode;
}
async function setupCommand(argv, io) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { config: { type: "string" }, toolchain: { type: "string" }, "zig-version": { type: "string" } },
    allowPositionals: true
  });
  let tools = positionals;
  const unknown2 = tools.filter((t) => !KNOWN_TOOLS.includes(t.toLowerCase()));
  if (unknown2.length > 0) {
    throw new UsageError(`unknown tool "${unknown2[0]}": bench-action can set up ${KNOWN_TOOLS.join(", ")}`);
  }
  if (tools.length === 0) {
    const config2 = await loadConfig(await resolveConfigPath(io.cwd, values.config));
    tools = toolsNeeded(
      config2.benchmarks.map((b) => b.kind),
      config2
    );
    if (tools.length === 0) {
      io.stdout.write("nothing to set up: the benchmarks need no extra tools\n");
      return 0;
    }
  }
  const statuses = await runSetup(tools, {
    cwd: io.cwd,
    toolchain: values.toolchain,
    zigVersion: values["zig-version"],
    env: io.env,
    log: (line) => io.stderr.write(`${line}
`)
  });
  for (const s of statuses) io.stdout.write(`${describeStatus(s)}
`);
  return 0;
}
async function klvCommand(argv, io) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { config: { type: "string" }, "max-iters": { type: "string" }, "max-time": { type: "string" } },
    allowPositionals: true
  });
  if (positionals.length !== 1) throw new UsageError("klv takes one benchmark name: bench-action klv NAME");
  const name = positionals[0];
  const configPath = await resolveConfigPath(io.cwd, values.config);
  const wallClock = planCases(await loadConfig(configPath)).filter((c) => c.kind === "wall-clock");
  let found = wallClock.find((c) => c.name === name);
  const harness = wallClock.find((c) => c.harness && name.startsWith(`${c.name}/`));
  if (!found && harness) found = { ...harness, name, id: name };
  if (!found) {
    const known = wallClock.map((c) => c.harness ? `${c.name}/…` : c.name);
    throw new UsageError(
      `no wall-clock benchmark "${name}" in ${configPath}` + (known.length > 0 ? ` (there are: ${known.join(", ")})` : " (it has none)")
    );
  }
  const part = { runs: found.runs, maxTimeMs: found.maxTimeMs };
  if (values["max-iters"] !== void 0) {
    if (!/^\d+$/.test(values["max-iters"])) throw new UsageError("--max-iters takes a whole number");
    part.runs = Number(values["max-iters"]);
  }
  if (values["max-time"] !== void 0) {
    try {
      part.maxTimeMs = parseDurationMs(values["max-time"]);
    } catch (error2) {
      if (!(error2 instanceof ValueError)) throw error2;
      throw new UsageError(`--max-time: ${error2.message}`);
    }
  }
  const configuration = await runnerConfiguration(found, part);
  if ("error" in configuration) throw new UsageError(configuration.error);
  io.stdout.write(configuration.klv);
  return 0;
}
async function readResults(file, cwd) {
  const full = path11.resolve(cwd, file);
  let text;
  try {
    text = await readFile9(full, "utf8");
  } catch (err) {
    throw new UsageError(
      `cannot read ${file}: ${err.code ?? err.message}`
    );
  }
  return parseResultSetText(text, file);
}
async function compareCommand(argv, io) {
  const { values, positionals } = parseArgs({
    args: argv,
    options: { markdown: { type: "string" }, verbose: { type: "boolean" } },
    allowPositionals: true
  });
  if (positionals.length !== 2)
    throw new UsageError("compare takes two files: bench-action compare BASE.json HEAD.json");
  const [baseFile, headFile] = positionals;
  const base = await readResults(baseFile, io.cwd);
  const head = await readResults(headFile, io.cwd);
  if (base.suite !== head.suite) {
    io.stderr.write(`bench-action: note: comparing suite "${base.suite}" with suite "${head.suite}"
`);
  }
  const comparison = compareResults(head, {
    baseline: { results: base, source: baseFile, reason: `the file ${baseFile}, given on the command line` }
  });
  if (values.markdown) {
    await writeText(path11.resolve(io.cwd, values.markdown), renderMarkdown(comparison, { version: VERSION }));
  }
  io.stdout.write(
    renderTerminal(comparison, {
      color: shouldUseColor(io.stdout, io.env),
      verbose: values.verbose === true
    })
  );
  return exitCodeFor(comparison);
}

// src/cli-entry.ts
process.stdout.on("error", (error2) => {
  if (error2.code !== "EPIPE") throw error2;
});
process.exitCode = await runCli(process.argv.slice(2), {
  cwd: process.cwd(),
  env: process.env,
  stdout: process.stdout,
  stderr: process.stderr
});
