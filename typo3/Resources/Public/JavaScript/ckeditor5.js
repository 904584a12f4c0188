import { Command as e, Plugin as t } from "@ckeditor/ckeditor5-core";
import { ButtonView as n } from "@ckeditor/ckeditor5-ui";
import { loadMarkdownFragment as r, mount as i, typo3Endpoints as a } from "@ask-ai-dialog/typo3/widget-standalone.js";
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
// src/session/locale.ts
function l(e) {
	return e?.toLowerCase().startsWith("de") ? "de" : "en";
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
// src/ckeditor5/ask-ai.ts
var x = "askAi:selection", S = "askAiGenerated", C = {
	en: "Ask AI",
	de: "KI fragen"
}, w = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 20 20\"><path d=\"M9 1.5 10.7 6.3 15.5 8 10.7 9.7 9 14.5 7.3 9.7 2.5 8 7.3 6.3Z\"/><path d=\"M15.5 12l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9Z\"/></svg>", T = ".ck-editor__editable .ask-ai-held-selection { background-color: var(--ask-ai-held-selection, color-mix(in srgb, Highlight 30%, transparent)); box-shadow: 0 0 0 1px color-mix(in srgb, Highlight 60%, transparent); }", E = class extends e {
	refresh() {
		this.isEnabled = this.editor.plugins.get(D).isConfigured;
	}
	execute() {
		this.editor.plugins.get(D).open();
	}
}, D = class extends t {
	static get pluginName() {
		return "AskAi";
	}
	static get isOfficialPlugin() {
		return !1;
	}
	#e = null;
	#t = null;
	#n = null;
	#r = null;
	#i = {};
	#a = null;
	constructor(e) {
		super(e), e.config.define("askAi", {});
	}
	get isConfigured() {
		let e = this.#i;
		return !!(e.transport || e.endpoints || e.routes);
	}
	init() {
		let { editor: e } = this;
		this.#i = e.config.get("askAi") ?? {}, r().then((e) => this.#a = e).catch(() => void 0), e.commands.add("askAi", new E(e)), e.conversion.for("editingDowncast").markerToHighlight({
			model: "askAi",
			view: { classes: "ask-ai-held-selection" }
		}), this.#p(), e.ui.componentFactory.add("askAi", (t) => {
			let r = new n(t), i = e.commands.get("askAi");
			return r.set({
				label: this.#i.messages?.trigger ?? C[l(this.#c())] ?? C.en,
				icon: w,
				tooltip: !0,
				withText: !0,
				class: "ask-ai-ckeditor-button"
			}), r.bind("isEnabled").to(i, "isEnabled"), this.listenTo(r, "execute", () => e.execute("askAi")), r;
		});
	}
	configure(e) {
		this.#i = {
			...this.#i,
			...e
		}, this.editor.commands.get("askAi")?.refresh(), this.#e?.update(this.#s());
	}
	open() {
		let { editor: e } = this, { model: t } = e, n = t.document.selection, r = [...n.getRanges()], i = r[0], a = r[r.length - 1];
		if (!i || !a) return;
		let o = t.createRange(i.start, a.end), s = t.getSelectedContent(n);
		t.change((e) => {
			t.markers.has(x) ? e.updateMarker(x, { range: o }) : e.addMarker(x, {
				range: o,
				usingOperation: !1,
				affectsData: !1
			});
		}), this.#n = {
			collapsed: o.isCollapsed,
			data: e.data.stringify(s)
		};
		let c = o.isCollapsed ? "" : f(s), l = t.document.getRoot(), u = this.#i.record, p = e.config.get("language") === void 0 ? void 0 : e.locale.contentLanguage, m = {
			...c === "" ? {} : {
				selection: c,
				selectionMarkdown: d(s)
			},
			...l ? { document: f(l) } : {},
			...p ? { contentLanguage: p } : {},
			...u ? {
				recordTable: u.table,
				recordUid: u.uid,
				...u.field ? { recordField: u.field } : {}
			} : {}
		};
		this.#o().update({
			...this.#s(),
			context: m,
			open: !0
		});
	}
	close() {
		this.#e?.update({ open: !1 }), this.#f();
	}
	destroy() {
		this.#e?.unmount(), this.#e = null, this.#t?.remove(), this.#t = null, this.#r?.(), this.#r = null, super.destroy();
	}
	#o() {
		if (this.#e) return this.#e;
		let e = this.editor.ui.view.element?.ownerDocument ?? document;
		this.#r = s(e, T);
		let t = e.createElement("div");
		return t.setAttribute("data-ask-ai-part", "ckeditor5"), (this.#i.container?.() ?? e.body).append(t), this.#t = t, this.#e = (this.#i.mount ?? i)(t, {
			...this.#s(),
			hideTrigger: !0,
			open: !1
		}), this.#e;
	}
	#s() {
		let { routes: e, record: t, markGenerated: n, onApply: r, container: i, mount: o, ...s } = this.#i, { taskPresets: c, taskPresetPlacement: l, ...u } = s, d = c?.length ? c : void 0, f = u.endpoints;
		if (!f && !u.transport && e) try {
			f = a(e);
		} catch {
			f = {
				tools: "",
				run: ""
			};
		}
		return {
			...u,
			locale: this.#c(),
			...d && l === "instead" ? { presets: d } : { morePresets: d },
			endpoints: f,
			hideTrigger: !0,
			onOpenChange: (e) => {
				this.#e?.update({ open: e }), e || this.#f();
			},
			onInsert: this.#l("insert"),
			onReplace: this.#l("replace")
		};
	}
	#c() {
		return this.#i.locale ?? this.editor.locale.uiLanguage;
	}
	#l(e) {
		return (t, n) => {
			let r = this.#u(e, t, n.runUuid ?? "true");
			if (r) return r;
			let i = {
				as: e,
				answer: t,
				meta: n
			};
			this.fire("apply", i), this.#i.onApply?.(i);
		};
	}
	#u(e, t, n) {
		let { model: r } = this.editor;
		if (this.editor.isReadOnly) return { refused: "readOnly" };
		let i = r.markers.get(x), a = this.#n;
		if (e === "replace") {
			if (!i || !a || a.collapsed) return { refused: "selectionRemoved" };
			let e = i.getRange();
			if (e.isCollapsed || e.root.rootName === "$graveyard") return { refused: "selectionRemoved" };
			if (this.editor.data.stringify(r.getSelectedContent(r.createSelection(e))) !== a.data) return { refused: "selectionChanged" };
		}
		let o = !1;
		return r.change((a) => {
			let s = this.#d(t);
			if (this.#i.markGenerated) {
				let e = [...a.createRangeIn(s).getItems()].filter((e) => e.is("$textProxy"));
				for (let t of e) a.setAttribute(S, n, t);
			}
			let c = i?.getRange(), l = c && c.root.rootName !== "$graveyard" ? c : r.document.selection.getFirstRange();
			if (!l) return;
			let u = e === "replace" ? a.createSelection(l) : O(r, l), d = r.insertContent(s, u);
			a.setSelection(d.end), o = !d.isCollapsed || s.isEmpty;
		}), o ? null : { refused: "other" };
	}
	#d(e) {
		let { data: t } = this.editor, n = this.editor.ui.view.element?.ownerDocument ?? document, r = t.processor, i = this.#a?.(e.markdown, n) ?? k(c(e.text, n), n), a;
		if (r.domConverter) a = r.domConverter.domToView(i);
		else {
			let e = n.createElement("div");
			e.append(i), a = r.toView(e.innerHTML);
		}
		return t.toModel(a);
	}
	#f() {
		this.#n = null;
		let { model: e } = this.editor;
		e.markers.has(x) && e.change((e) => e.removeMarker(x));
	}
	#p() {
		let e = this.#i.markGenerated;
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
function O(e, t) {
	let n = t.end, r = n.parent;
	return !r.is("element") || r.is("rootElement") ? n : r.isEmpty ? e.createPositionAt(r, 0) : e.schema.isBlock(r) ? e.createPositionAfter(r) : n;
}
function k(e, t) {
	let n = t.createDocumentFragment();
	return n.append(...e), n;
}
export { D as AskAi, E as AskAiCommand, d as modelToMarkdown, f as modelToText };

