import { Command as e, Plugin as t } from "@ckeditor/ckeditor5-core";
import { loadMarkdownFragment as n, mount as r, typo3Endpoints as i } from "@ask-ai-dialog/typo3/widget-standalone.js";
import { ButtonView as a } from "@ckeditor/ckeditor5-ui";
// src/widget/adopt-styles.ts
var o = /* @__PURE__ */ new WeakMap();
function s(e, t) {
	let n = e.nodeType === 9 ? e : e.ownerDocument, r = n.defaultView?.CSSStyleSheet;
	if ("adoptedStyleSheets" in e && typeof r?.prototype.replaceSync == "function") try {
		let i = o.get(n);
		i || o.set(n, i = /* @__PURE__ */ new Map());
		let a = i.get(t);
		a || (a = new r(), a.replaceSync(t), i.set(t, a));
		let s = a;
		return e.adoptedStyleSheets = [...e.adoptedStyleSheets, s], () => {
			let t = [...e.adoptedStyleSheets], n = t.lastIndexOf(s);
			n !== -1 && t.splice(n, 1), e.adoptedStyleSheets = t;
		};
	} catch {}
	let i = n.createElement("style");
	return i.textContent = t, (e.nodeType === 9 ? e.head : e).prepend(i), () => i.remove();
}
// src/markdown/paragraphs.ts
function c(e, t) {
	return e.split(/\n{2,}/).filter((e) => e.trim() !== "").map((e) => {
		let n = t.createElement("p");
		return e.split("\n").forEach((e, r) => {
			r > 0 && n.append(t.createElement("br")), n.append(e);
		}), n;
	});
}
// src/ckeditor5/model-markdown.ts
var l = /^heading([1-6])$/;
function u(e) {
	return p([...e.getChildren()], !0).replace(/\n{3,}/g, "\n\n").trim();
}
function d(e) {
	return p([...e.getChildren()], !1).replace(/\n{3,}/g, "\n\n").trim();
}
function f(e) {
	return e.is("element");
}
function p(e, t) {
	let n = [], r = /* @__PURE__ */ new Map(), i = !1;
	for (let a of e) {
		if (!f(a)) {
			n.push(y([a], t));
			continue;
		}
		let e = a.getAttribute("listType");
		if (typeof e == "string" && a.getAttribute("listItemId") !== void 0) {
			let o = Number(a.getAttribute("listIndent") ?? 0) || 0;
			for (let e of r.keys()) e > o && r.delete(e);
			let s = (r.get(o) ?? 0) + 1;
			r.set(o, e === "numbered" ? s : 0);
			let c = t ? e === "numbered" ? `${s}.` : e === "todo" ? a.getAttribute("todoListChecked") ? "- [x]" : "- [ ]" : "-" : e === "numbered" ? `${s}.` : "•", l = `${"   ".repeat(o)}${c} ${m(a, t)}`;
			n.push(i ? `\n${l}` : `${n.length ? "\n\n" : ""}${l}`), i = !0;
			continue;
		}
		r.clear(), i = !1;
		let o = m(a, t);
		o !== "" && n.push(`${n.length ? "\n\n" : ""}${o}`);
	}
	return n.join("");
}
function m(e, t) {
	let n = [...e.getChildren()], r = l.exec(e.name);
	if (r) return t ? `${"#".repeat(Number(r[1]))} ${y(n, !0)}` : y(n, !1);
	switch (e.name) {
		case "blockQuote": {
			let e = p(n, t);
			return t ? e.replace(/^/gm, "> ") : e;
		}
		case "codeBlock": {
			let r = n.map((e) => e.is("element", "softBreak") ? "\n" : _(e)).join("");
			if (!t) return r;
			let i = r.includes("```") ? "~~~" : "```", a = e.getAttribute("language");
			return `${i}${typeof a == "string" && a !== "plaintext" ? a : ""}\n${r}\n${i}`;
		}
		case "table": return g(n.filter(f), t);
		case "horizontalLine": return t ? "---" : "";
		case "imageBlock":
		case "imageInline": {
			let n = e.getAttribute("alt");
			return typeof n == "string" ? t ? `![${v(n)}]()` : n : "";
		}
		default: return n.some((e) => f(e) && !h.has(e.name)) ? p(n, t) : y(n, t);
	}
}
var h = /* @__PURE__ */ new Set(["softBreak", "imageInline"]);
function g(e, t) {
	let n = e.map((e) => [...e.getChildren()].filter(f).map((e) => p([...e.getChildren()], t).replace(/\n+/g, " ")));
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
function _(e) {
	return "data" in e && typeof e.data == "string" ? e.data : "";
}
function v(e) {
	return e.replace(/([\\`*_[\]<>#|~])/g, "\\$1");
}
function y(e, t) {
	let n = "";
	for (let r of e) {
		if (r.is("element", "softBreak")) {
			n += t ? "  \n" : "\n";
			continue;
		}
		if (f(r)) {
			n += m(r, t);
			continue;
		}
		let e = _(r);
		if (!t) {
			n += e;
			continue;
		}
		if (r.getAttribute("code")) {
			n += e.includes("`") ? `\`\` ${e} \`\`` : `\`${e}\``;
			continue;
		}
		let [, i = "", a = "", o = ""] = /^(\s*)([\s\S]*?)(\s*)$/.exec(e) ?? [], s = v(a);
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
var b = "askAi:selection", x = "askAiGenerated", S = class extends e {
	#e;
	constructor(e, t) {
		super(e), this.#e = t;
	}
	refresh() {
		this.isEnabled = this.editor.model.canEditAt(this.editor.model.document.selection);
	}
	execute(e) {
		return this.editor.plugins.get(C).apply(this.#e, e);
	}
}, C = class extends t {
	static get pluginName() {
		return "AskAiEditing";
	}
	static get isOfficialPlugin() {
		return !1;
	}
	#e = null;
	#t = null;
	constructor(e) {
		super(e), e.config.define("askAi", {});
	}
	init() {
		let { editor: e } = this;
		n().then((e) => this.#t = e).catch(() => void 0), e.commands.add("askAiInsert", new S(e, "insert")), e.commands.add("askAiReplace", new S(e, "replace")), e.conversion.for("editingDowncast").markerToHighlight({
			model: "askAi",
			view: { classes: "ask-ai-held-selection" }
		}), this.#r();
	}
	hold() {
		let { editor: e } = this, { model: t } = e, n = t.document.selection, r = [...n.getRanges()], i = r[0], a = r[r.length - 1];
		if (!i || !a) return null;
		let o = t.createRange(i.start, a.end), s = t.getSelectedContent(n);
		t.change((e) => {
			t.markers.has("askAi:selection") ? e.updateMarker(b, { range: o }) : e.addMarker(b, {
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
			text: o.isCollapsed ? "" : d(s),
			markdown: o.isCollapsed ? "" : u(s),
			document: c ? d(c) : ""
		};
	}
	release() {
		this.#e = null;
		let { model: e } = this.editor;
		e.markers.has("askAi:selection") && e.change((e) => e.removeMarker(b));
	}
	apply(e, { answer: t, mark: n }) {
		let { model: r } = this.editor, i = this.editor.commands.get(e === "insert" ? "askAiInsert" : "askAiReplace");
		if (this.editor.isReadOnly || i?.isEnabled === !1) return { refused: "readOnly" };
		let a = r.markers.get(b), o = this.#e;
		if (e === "replace") {
			if (!a || !o || o.collapsed) return { refused: "selectionRemoved" };
			let e = a.getRange();
			if (e.isCollapsed || e.root.rootName === "$graveyard") return { refused: "selectionRemoved" };
			if (this.editor.data.stringify(r.getSelectedContent(r.createSelection(e))) !== o.data) return { refused: "selectionChanged" };
		}
		let s = !!this.editor.config.get("askAi")?.markGenerated, c = !1;
		return r.change((i) => {
			let o = this.#n(t);
			if (s) {
				let e = [...i.createRangeIn(o).getItems()].filter((e) => e.is("$textProxy"));
				for (let t of e) i.setAttribute(x, n ?? "true", t);
			}
			let l = a?.getRange(), u = l && l.root.rootName !== "$graveyard" ? l : r.document.selection.getFirstRange();
			if (!u) return;
			let d = e === "replace" ? i.createSelection(u) : w(r, u), f = r.insertContent(o, d);
			i.setSelection(f.end), c = !f.isCollapsed || o.isEmpty;
		}), c ? null : { refused: "other" };
	}
	#n(e) {
		let { data: t } = this.editor, n = this.editor.ui.view.element?.ownerDocument ?? document, r = t.processor, i = this.#t?.(e.markdown, n) ?? T(c(e.text, n), n), a;
		if (r.domConverter) a = r.domConverter.domToView(i);
		else {
			let e = n.createElement("div");
			e.append(i), a = r.toView(e.innerHTML);
		}
		return t.toModel(a);
	}
	#r() {
		let e = this.editor.config.get("askAi")?.markGenerated;
		if (!e) return;
		let t = typeof e == "object" && e.viewAttribute || "data-ai-generated", { editor: n } = this;
		n.model.schema.extend("$text", { allowAttributes: x }), n.model.schema.setAttributeProperties(x, {
			isFormatting: !1,
			copyOnEnter: !1
		}), n.conversion.for("downcast").attributeToElement({
			model: x,
			view: (e, { writer: n }) => e ? n.createAttributeElement("span", { [t]: String(e) }, { priority: 5 }) : null
		}), n.conversion.for("upcast").elementToAttribute({
			view: {
				name: "span",
				attributes: { [t]: /[\s\S]*/ }
			},
			model: {
				key: x,
				value: (e) => e.getAttribute(t) ?? "true"
			}
		});
	}
};
function w(e, t) {
	let n = t.end, r = n.parent;
	return !r.is("element") || r.is("rootElement") ? n : r.isEmpty ? e.createPositionAt(r, 0) : e.schema.isBlock(r) ? e.createPositionAfter(r) : n;
}
function T(e, t) {
	let n = t.createDocumentFragment();
	return n.append(...e), n;
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
			let r = new a(t), i = e.commands.get("askAi");
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
		return [C, A];
	}
	static get isOfficialPlugin() {
		return !1;
	}
	#e = null;
	#t = null;
	#n = null;
	#r = {};
	constructor(e) {
		super(e), e.config.define("askAi", {});
	}
	get isConfigured() {
		let e = this.#r;
		return !!(e.transport || e.endpoints || e.routes);
	}
	init() {
		let { editor: e } = this;
		this.#r = e.config.get("askAi") ?? {}, e.commands.add("askAi", new M(e));
	}
	configure(e) {
		this.#r = {
			...this.#r,
			...e
		}, this.editor.commands.get("askAi")?.refresh(), this.#e?.update(this.#a());
	}
	open() {
		let { editor: e } = this, t = e.plugins.get(C).hold();
		if (!t) return;
		let n = this.#r.record, r = e.config.get("language") === void 0 ? void 0 : e.locale.contentLanguage, i = {
			...t.text === "" ? {} : {
				selection: t.text,
				selectionMarkdown: t.markdown
			},
			...t.document === "" ? {} : { document: t.document },
			...r ? { contentLanguage: r } : {},
			...n ? {
				recordTable: n.table,
				recordUid: n.uid,
				...n.field ? { recordField: n.field } : {}
			} : {}
		};
		this.#i().update({
			...this.#a(),
			context: i,
			open: !0
		});
	}
	close() {
		this.#e?.update({ open: !1 }), this.#c();
	}
	destroy() {
		this.#e?.unmount(), this.#e = null, this.#t?.remove(), this.#t = null, this.#n?.(), this.#n = null, super.destroy();
	}
	#i() {
		if (this.#e) return this.#e;
		let e = this.editor.ui.view.element?.ownerDocument ?? document;
		this.#n = s(e, j);
		let t = e.createElement("div");
		return t.setAttribute("data-ask-ai-part", "ckeditor5"), (this.#r.container?.() ?? e.body).append(t), this.#t = t, this.#e = (this.#r.mount ?? r)(t, {
			...this.#a(),
			hideTrigger: !0,
			open: !1
		}), this.#e;
	}
	#a() {
		let { routes: e, record: t, markGenerated: n, onApply: r, container: a, mount: o, ...s } = this.#r, { taskPresets: c, taskPresetPlacement: l, ...u } = s, d = c?.length ? c : void 0, f = u.endpoints;
		if (!f && !u.transport && e) try {
			f = i(e);
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
			hideTrigger: !0,
			onOpenChange: (e) => {
				this.#e?.update({ open: e }), e || this.#c();
			},
			onInsert: this.#s("insert"),
			onReplace: this.#s("replace")
		};
	}
	#o() {
		return this.#r.locale ?? this.editor.locale.uiLanguage;
	}
	#s(e) {
		return (t, n) => {
			let r = this.editor.plugins.get(C).apply(e, {
				answer: t,
				mark: n.runUuid ?? "true"
			});
			if (r) return r;
			let i = {
				as: e,
				answer: t,
				meta: n
			};
			this.fire("apply", i), this.#r.onApply?.(i);
		};
	}
	#c() {
		this.editor.plugins.get(C).release();
	}
};
export { k as ASK_AI_KEYSTROKE, N as AskAi, S as AskAiApplyCommand, M as AskAiCommand, C as AskAiEditing, A as AskAiUI, u as modelToMarkdown, d as modelToText };

