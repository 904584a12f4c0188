import { Command as e, Plugin as t } from "@ckeditor/ckeditor5-core";
import { answerDom as n, attachEditor as r, mount as i, preloadAnswerDom as a, typo3Endpoints as o } from "@ask-ai-dialog/typo3/widget-standalone.js";
import { ButtonView as s } from "@ckeditor/ckeditor5-ui";
// src/widget/adopt-styles.ts
var c = /* @__PURE__ */ new WeakMap();
function l(e, t) {
	let n = e.nodeType === 9 ? e : e.ownerDocument, r = n.defaultView?.CSSStyleSheet;
	if ("adoptedStyleSheets" in e && typeof r?.prototype.replaceSync == "function") try {
		let i = c.get(n);
		i || c.set(n, i = /* @__PURE__ */ new Map());
		let a = i.get(t);
		a || (a = new r(), a.replaceSync(t), i.set(t, a));
		let o = a;
		return e.adoptedStyleSheets = [...e.adoptedStyleSheets, o], () => {
			let t = [...e.adoptedStyleSheets], n = t.lastIndexOf(o);
			n !== -1 && t.splice(n, 1), e.adoptedStyleSheets = t;
		};
	} catch {}
	let i = n.createElement("style");
	return i.textContent = t, (e.nodeType === 9 ? e.head : e).prepend(i), () => i.remove();
}
// src/ckeditor5/model-markdown.ts
var u = /^heading([1-6])$/;
function d(e) {
	return m([...e.getChildren()], !0).replace(/\n{3,}/g, "\n\n").trim();
}
function f(e) {
	return m([...e.getChildren()], !1).replace(/\n{3,}/g, "\n\n").trim();
}
function p(e) {
	return e.is("element");
}
function m(e, t) {
	let n = [], r = /* @__PURE__ */ new Map(), i = !1;
	for (let a of e) {
		if (!p(a)) {
			n.push(b([a], t));
			continue;
		}
		let e = a.getAttribute("listType");
		if (typeof e == "string" && a.getAttribute("listItemId") !== void 0) {
			let o = Number(a.getAttribute("listIndent") ?? 0) || 0;
			for (let e of r.keys()) e > o && r.delete(e);
			let s = (r.get(o) ?? 0) + 1;
			r.set(o, e === "numbered" ? s : 0);
			let c = t ? e === "numbered" ? `${s}.` : e === "todo" ? a.getAttribute("todoListChecked") ? "- [x]" : "- [ ]" : "-" : e === "numbered" ? `${s}.` : "•", l = `${"   ".repeat(o)}${c} ${h(a, t)}`;
			n.push(i ? `\n${l}` : `${n.length ? "\n\n" : ""}${l}`), i = !0;
			continue;
		}
		r.clear(), i = !1;
		let o = h(a, t);
		o !== "" && n.push(`${n.length ? "\n\n" : ""}${o}`);
	}
	return n.join("");
}
function h(e, t) {
	let n = [...e.getChildren()], r = u.exec(e.name);
	if (r) return t ? `${"#".repeat(Number(r[1]))} ${b(n, !0)}` : b(n, !1);
	switch (e.name) {
		case "blockQuote": {
			let e = m(n, t);
			return t ? e.replace(/^/gm, "> ") : e;
		}
		case "codeBlock": {
			let r = n.map((e) => e.is("element", "softBreak") ? "\n" : v(e)).join("");
			if (!t) return r;
			let i = r.includes("```") ? "~~~" : "```", a = e.getAttribute("language");
			return `${i}${typeof a == "string" && a !== "plaintext" ? a : ""}\n${r}\n${i}`;
		}
		case "table": return _(n.filter(p), t);
		case "horizontalLine": return t ? "---" : "";
		case "imageBlock":
		case "imageInline": {
			let n = e.getAttribute("alt");
			return typeof n == "string" ? t ? `![${y(n)}]()` : n : "";
		}
		default: return n.some((e) => p(e) && !g.has(e.name)) ? m(n, t) : b(n, t);
	}
}
var g = /* @__PURE__ */ new Set(["softBreak", "imageInline"]);
function _(e, t) {
	let n = e.map((e) => [...e.getChildren()].filter(p).map((e) => m([...e.getChildren()], t).replace(/\n+/g, " ")));
	if (!t) return n.map((e) => e.join("	")).join("\n");
	let r = Math.max(0, ...n.map((e) => e.length));
	if (r === 0) return "";
	let i = (e) => `| ${Array.from({ length: r }, (t, n) => e[n] ?? "").join(" | ")} |`, [a = [], ...o] = n;
	return [
		i(a),
		i(Array.from({ length: r }, () => "---")),
		...o.map(i)
	].join("\n");
}
function v(e) {
	return "data" in e && typeof e.data == "string" ? e.data : "";
}
function y(e) {
	return e.replace(/([\\`*_[\]<>#|~])/g, "\\$1");
}
function b(e, t) {
	let n = "";
	for (let r of e) {
		if (r.is("element", "softBreak")) {
			n += t ? "  \n" : "\n";
			continue;
		}
		if (p(r)) {
			n += h(r, t);
			continue;
		}
		let e = v(r);
		if (!t) {
			n += e;
			continue;
		}
		if (r.getAttribute("code")) {
			n += e.includes("`") ? `\`\` ${e} \`\`` : `\`${e}\``;
			continue;
		}
		let [, i = "", a = "", o = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(e) ?? [], s = y(a);
		if (s !== "") {
			r.getAttribute("strikethrough") && (s = `~~${s}~~`), r.getAttribute("italic") && (s = `*${s}*`), r.getAttribute("bold") && (s = `**${s}**`);
			let e = r.getAttribute("linkHref");
			typeof e == "string" && e !== "" && (s = `[${s}](${e.replace(/[()\s]/g, encodeURIComponent)})`);
		}
		n += `${i}${s}${o}`;
	}
	return n;
}
// src/ckeditor5/ask-ai-editing.ts
var x = "askAi:selection", S = "askAiGenerated", C = class extends e {
	#e;
	constructor(e, t) {
		super(e), this.#e = t;
	}
	refresh() {
		this.isEnabled = this.editor.model.canEditAt(this.editor.model.document.selection);
	}
	execute(e) {
		return this.editor.plugins.get(w).apply(this.#e, e);
	}
}, w = class extends t {
	static get pluginName() {
		return "AskAiEditing";
	}
	static get isOfficialPlugin() {
		return !1;
	}
	#e = null;
	constructor(e) {
		super(e), e.config.define("askAi", {});
	}
	init() {
		let { editor: e } = this;
		a(), e.commands.add("askAiInsert", new C(e, "insert")), e.commands.add("askAiReplace", new C(e, "replace")), e.conversion.for("editingDowncast").markerToHighlight({
			model: "askAi",
			view: { classes: "ask-ai-held-selection" }
		}), this.#n();
	}
	hold() {
		let { editor: e } = this, { model: t } = e, n = t.document.selection, r = [...n.getRanges()], i = r[0], a = r[r.length - 1];
		if (!i || !a) return null;
		let o = t.createRange(i.start, a.end), s = t.getSelectedContent(n);
		t.change((e) => {
			t.markers.has("askAi:selection") ? e.updateMarker(x, { range: o }) : e.addMarker(x, {
				range: o,
				usingOperation: !1,
				affectsData: !1
			});
		}), this.#e = {
			collapsed: o.isCollapsed,
			data: e.data.stringify(s)
		};
		let c = t.document.getRoot();
		return {
			text: o.isCollapsed ? "" : f(s),
			markdown: o.isCollapsed ? "" : d(s),
			document: c ? f(c) : ""
		};
	}
	release() {
		this.#e = null;
		let { model: e } = this.editor;
		e.markers.has("askAi:selection") && e.change((e) => e.removeMarker(x));
	}
	verify(e) {
		let { model: t } = this.editor, n = this.editor.commands.get(e === "insert" ? "askAiInsert" : "askAiReplace");
		if (this.editor.isReadOnly || n?.isEnabled === !1) return { refused: "readOnly" };
		if (e === "insert") return null;
		let r = t.markers.get(x), i = this.#e;
		if (!r || !i || i.collapsed) return { refused: "selectionRemoved" };
		let a = r.getRange();
		return a.isCollapsed || a.root.rootName === "$graveyard" ? { refused: "selectionRemoved" } : this.editor.data.stringify(t.getSelectedContent(t.createSelection(a))) === i.data ? null : { refused: "selectionChanged" };
	}
	apply(e, { answer: t, mark: n }) {
		let r = this.verify(e);
		if (r) return r;
		let { model: i } = this.editor, a = i.markers.get(x), o = !!this.editor.config.get("askAi")?.markGenerated, s = !1;
		return i.change((r) => {
			let c = this.#t(t);
			if (o) {
				let e = [...r.createRangeIn(c).getItems()].filter((e) => e.is("$textProxy"));
				for (let t of e) r.setAttribute(S, n ?? "true", t);
			}
			let l = a?.getRange(), u = l && l.root.rootName !== "$graveyard" ? l : i.document.selection.getFirstRange();
			if (!u) return;
			let d = e === "replace" ? r.createSelection(u) : T(i, u), f = i.insertContent(c, d);
			r.setSelection(f.end), s = !f.isCollapsed || c.isEmpty;
		}), s ? null : { refused: "other" };
	}
	#t(e) {
		let { data: t } = this.editor, r = this.editor.ui.view.element?.ownerDocument ?? document, i = t.processor, a = n(e, r), o;
		if (i.domConverter) o = i.domConverter.domToView(a);
		else {
			let e = r.createElement("div");
			e.append(a), o = i.toView(e.innerHTML);
		}
		return t.toModel(o);
	}
	#n() {
		let e = this.editor.config.get("askAi")?.markGenerated;
		if (!e) return;
		let t = typeof e == "object" && e.viewAttribute || "data-ai-generated", { editor: n } = this;
		n.model.schema.extend("$text", { allowAttributes: S }), n.model.schema.setAttributeProperties(S, {
			isFormatting: !1,
			copyOnEnter: !1
		}), n.conversion.for("downcast").attributeToElement({
			model: S,
			view: (e, { writer: n }) => e ? n.createAttributeElement("span", { [t]: String(e) }, { priority: 5 }) : null
		}), n.conversion.for("upcast").elementToAttribute({
			view: {
				name: "span",
				attributes: { [t]: /[\s\S]*/ }
			},
			model: {
				key: S,
				value: (e) => e.getAttribute(t) ?? "true"
			}
		});
	}
};
function T(e, t) {
	let n = t.end, r = n.parent;
	return !r.is("element") || r.is("rootElement") ? n : r.isEmpty ? e.createPositionAt(r, 0) : e.schema.isBlock(r) ? e.createPositionAfter(r) : n;
}
// src/session/locale.ts
function E(e) {
	return e?.toLowerCase().startsWith("de") ? "de" : "en";
}
// src/ckeditor5/ask-ai-ui.ts
var D = {
	en: "Ask AI",
	de: "KI fragen"
}, O = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 20 20\"><path d=\"M9 1.5 10.7 6.3 15.5 8 10.7 9.7 9 14.5 7.3 9.7 2.5 8 7.3 6.3Z\"/><path d=\"M15.5 12l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9Z\"/></svg>", k = "Ctrl+J", A = class extends t {
	static get pluginName() {
		return "AskAiUI";
	}
	static get isOfficialPlugin() {
		return !1;
	}
	init() {
		let { editor: e } = this, t = () => e.config.get("askAi") ?? {}, n = () => t().messages?.trigger ?? D[E(t().locale ?? e.locale.uiLanguage)] ?? D.en;
		e.ui.componentFactory.add("askAi", (t) => {
			let r = new s(t), i = e.commands.get("askAi");
			return r.set({
				label: n(),
				icon: O,
				tooltip: !0,
				withText: !0,
				keystroke: k,
				class: "ask-ai-ckeditor-button"
			}), r.bind("isEnabled").to(i, "isEnabled"), this.listenTo(r, "execute", () => e.execute("askAi")), r;
		}), e.keystrokes.set(k, (t, n) => {
			e.commands.get("askAi")?.isEnabled && (e.execute("askAi"), n());
		});
	}
}, j = ".ck-editor__editable .ask-ai-held-selection { background-color: var(--ask-ai-held-selection, color-mix(in srgb, Highlight 30%, transparent)); box-shadow: 0 0 0 1px color-mix(in srgb, Highlight 60%, transparent); }", M = class extends e {
	refresh() {
		this.isEnabled = this.editor.plugins.get(N).isConfigured;
	}
	execute() {
		this.editor.plugins.get(N).open();
	}
}, N = class extends t {
	static get pluginName() {
		return "AskAi";
	}
	static get requires() {
		return [w, A];
	}
	static get isOfficialPlugin() {
		return !1;
	}
	#e = null;
	#t = null;
	#n = {};
	constructor(e) {
		super(e), e.config.define("askAi", {});
	}
	get isConfigured() {
		let e = this.#n;
		return !!(e.transport || e.endpoints || e.routes);
	}
	init() {
		let { editor: e } = this;
		this.#n = e.config.get("askAi") ?? {}, e.commands.add("askAi", new M(e));
	}
	configure(e) {
		this.#n = {
			...this.#n,
			...e
		}, this.editor.commands.get("askAi")?.refresh(), this.#e?.update(this.#a());
	}
	open() {
		this.#r().open();
	}
	close() {
		this.#e?.close();
	}
	destroy() {
		this.#e?.detach(), this.#e = null, this.#t?.(), this.#t = null, super.destroy();
	}
	#r() {
		if (this.#e) return this.#e;
		let e = this.editor.ui.view.element?.ownerDocument ?? document;
		return this.#t = l(e, j), this.#e = r(P(this.editor, () => this.#i()), {
			mount: this.#n.mount ?? i,
			props: {
				...this.#a(),
				open: !1
			},
			container: this.#n.container?.() ?? e.body,
			onApply: (e) => {
				this.fire("apply", e), this.#n.onApply?.(e);
			},
			part: "ckeditor5"
		}), this.#e;
	}
	#i() {
		let { editor: e } = this, t = this.#n.record, n = e.config.get("language") === void 0 ? void 0 : e.locale.contentLanguage;
		return {
			...n ? { contentLanguage: n } : {},
			...t ? {
				recordTable: t.table,
				recordUid: t.uid,
				...t.field ? { recordField: t.field } : {}
			} : {}
		};
	}
	#a() {
		let { routes: e, record: t, markGenerated: n, onApply: r, container: i, mount: a, ...s } = this.#n, { taskPresets: c, taskPresetPlacement: l, ...u } = s, d = c?.length ? c : void 0, f = u.endpoints;
		if (!f && !u.transport && e) try {
			f = o(e);
		} catch {
			f = {
				tools: "",
				run: ""
			};
		}
		return {
			...u,
			locale: this.#o(),
			...d && l === "instead" ? { presets: d } : { morePresets: d },
			endpoints: f,
			hideTrigger: !0
		};
	}
	#o() {
		return this.#n.locale ?? this.editor.locale.uiLanguage;
	}
};
function P(e, t = () => ({})) {
	let n = e.plugins.get(w);
	return {
		element: e.ui.view.element ?? document.body,
		editsAfterClose: !1,
		capture: () => {
			let r = n.hold() ?? {
				text: "",
				markdown: "",
				document: ""
			};
			return {
				selection: r.text,
				selectionMarkdown: r.markdown,
				document: r.document,
				context: t(),
				subject: e.model.document.selection.getSelectedElement()?.name.startsWith("image") ? "image" : void 0,
				verify: (e) => n.verify(e),
				apply: (t, n, r) => {
					let i = t === "insert" ? "askAiInsert" : "askAiReplace", a = e.execute(i, {
						answer: n,
						mark: r.runUuid ?? "true"
					});
					return a === void 0 ? { refused: "other" } : a;
				},
				release: () => n.release()
			};
		},
		dispose() {}
	};
}
export { k as ASK_AI_KEYSTROKE, N as AskAi, C as AskAiApplyCommand, M as AskAiCommand, w as AskAiEditing, A as AskAiUI, d as modelToMarkdown, f as modelToText };

