/*! ask-ai-dialog 0.1.0 | MIT License | Built by `npm run build` from the package's src/; dist/ckeditor5.js and its source map in the npm package ask-ai-dialog@0.1.0 are this file before its imports were pointed at @ask-ai-dialog/typo3/. */
import { Command as e, Plugin as t } from "@ckeditor/ckeditor5-core";
import { answerDom as n, attachEditor as r, heldSelectionCss as i, mount as a, preloadAnswerDom as o, typo3Endpoints as s, typo3EndpointsRefresh as c } from "@ask-ai-dialog/typo3/widget-standalone.js";
import { ButtonView as l } from "@ckeditor/ckeditor5-ui";
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
			n.push(x([a], t));
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
	if (r) return t ? `${"#".repeat(Number(r[1]))} ${x(n, !0)}` : x(n, !1);
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
		default: return n.some((e) => p(e) && !g.has(e.name)) ? m(n, t) : x(n, t);
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
function b(e) {
	return e.replace(/[()\s]/g, (e) => e === "(" ? "%28" : e === ")" ? "%29" : encodeURIComponent(e));
}
function x(e, t) {
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
			typeof e == "string" && e !== "" && (s = `[${s}](${b(e)})`);
		}
		n += `${i}${s}${o}`;
	}
	return n;
}
// src/ckeditor5/ask-ai-editing.ts
var S = "askAi:selection", C = "askAiGenerated", w = class extends e {
	#e;
	constructor(e, t) {
		super(e), this.#e = t;
	}
	refresh() {
		this.isEnabled = this.editor.model.canEditAt(this.editor.model.document.selection);
	}
	execute(e) {
		return this.editor.plugins.get(T).apply(this.#e, e);
	}
}, T = class extends t {
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
		o(), e.commands.add("askAiInsert", new w(e, "insert")), e.commands.add("askAiReplace", new w(e, "replace")), e.conversion.for("editingDowncast").markerToHighlight({
			model: "askAi",
			view: { classes: "ask-ai-held-selection" }
		}), this.#n();
	}
	hold() {
		let { editor: e } = this, { model: t } = e, n = t.document.selection, r = [...n.getRanges()], i = r[0], a = r[r.length - 1];
		if (!i || !a) return null;
		let o = t.createRange(i.start, a.end), s = t.getSelectedContent(n);
		t.change((e) => {
			t.markers.has("askAi:selection") ? e.updateMarker(S, { range: o }) : e.addMarker(S, {
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
		e.markers.has("askAi:selection") && e.change((e) => e.removeMarker(S));
	}
	verify(e) {
		let { model: t } = this.editor, n = this.editor.commands.get(e === "insert" ? "askAiInsert" : "askAiReplace");
		if (this.editor.isReadOnly || n?.isEnabled === !1) return { refused: "readOnly" };
		if (e === "insert") return null;
		let r = t.markers.get(S), i = this.#e;
		if (!r || !i || i.collapsed) return { refused: "selectionRemoved" };
		let a = r.getRange();
		return a.isCollapsed || a.root.rootName === "$graveyard" ? { refused: "selectionRemoved" } : this.editor.data.stringify(t.getSelectedContent(t.createSelection(a))) === i.data ? null : { refused: "selectionChanged" };
	}
	apply(e, { answer: t, mark: n }) {
		let r = this.verify(e);
		if (r) return r;
		let { model: i } = this.editor, a = i.markers.get(S), o = !!this.editor.config.get("askAi")?.markGenerated, s = !1;
		return i.change((r) => {
			let c = this.#t(t);
			if (o) {
				let e = [...r.createRangeIn(c).getItems()].filter((e) => e.is("$textProxy"));
				for (let t of e) r.setAttribute(C, n ?? "true", t);
			}
			let l = a?.getRange(), u = l && l.root.rootName !== "$graveyard" ? l : i.document.selection.getFirstRange();
			if (!u) return;
			let d = e === "replace" ? r.createSelection(u) : E(i, u), f = i.insertContent(c, d);
			f && (r.setSelection(f), s = !f.isCollapsed || c.isEmpty);
		}), s ? null : { refused: "other" };
	}
	heldImage() {
		let e = this.editor.model.markers.get(S)?.getRange().getContainedElement();
		return e && e.name.startsWith("image") && e.root.rootName !== "$graveyard" ? e : null;
	}
	applyAltText(e) {
		let { editor: t } = this, n = this.heldImage(), r = t.commands.get("imageTextAlternative");
		if (t.isReadOnly) return { refused: "readOnly" };
		if (!n) return { refused: "selectionRemoved" };
		if (!r) return { refused: "other" };
		let i = e.replace(/\s+/g, " ").trim();
		return t.model.change((e) => {
			e.setSelection(n, "on"), t.execute("imageTextAlternative", { newValue: i });
		}), n.getAttribute("alt") === i ? null : { refused: "other" };
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
		n.model.schema.extend("$text", { allowAttributes: C }), n.model.schema.setAttributeProperties(C, {
			isFormatting: !1,
			copyOnEnter: !1
		});
		let r = n.model.document.selection, i = () => {
			r.hasAttribute(C) && n.model.enqueueChange({ isUndoable: !1 }, (e) => e.removeSelectionAttribute(C));
		};
		this.listenTo(r, "change:attribute", i), this.listenTo(r, "change:range", i), n.conversion.for("downcast").attributeToElement({
			model: C,
			view: (e, { writer: n }) => e ? n.createAttributeElement("span", { [t]: String(e) }, { priority: 5 }) : null
		}), n.conversion.for("upcast").elementToAttribute({
			view: {
				name: "span",
				attributes: { [t]: /[\s\S]*/ }
			},
			model: {
				key: C,
				value: (e) => e.getAttribute(t) ?? "true"
			}
		});
	}
};
function E(e, t) {
	let n = t.end, r = n.parent;
	return !r.is("element") || r.is("rootElement") ? n : r.isEmpty ? e.createPositionAt(r, 0) : e.schema.isBlock(r) ? e.createPositionAfter(r) : n;
}
// src/i18n/locale.ts
function D(e) {
	return e?.toLowerCase().startsWith("de") ? "de" : "en";
}
// src/widget/adopt-styles.ts
var O = /* @__PURE__ */ new WeakMap();
function k(e, t) {
	let n = e.nodeType === 9 ? e : e.ownerDocument, r = n.defaultView?.CSSStyleSheet;
	if ("adoptedStyleSheets" in e && typeof r?.prototype.replaceSync == "function") try {
		let i = O.get(n);
		i || O.set(n, i = /* @__PURE__ */ new Map());
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
// src/editors/selection-anchor.ts
function A(e) {
	let t = [...e.getClientRects()].filter((e) => e.width > 0 || e.height > 0), n = t.length > 0 ? t : [e.getBoundingClientRect()], r = Math.min(...n.map((e) => e.top)), i = Math.max(...n.map((e) => e.bottom)), a = Math.min(...n.map((e) => e.left)), o = Math.max(...n.map((e) => e.right));
	return i > r || o > a ? {
		top: r,
		left: a,
		right: o,
		bottom: i
	} : null;
}
// src/ckeditor5/ckeditor-adapter.ts
function j(e, t = () => ({})) {
	let n = e.plugins.get(T);
	return {
		element: e.ui.view.element ?? document.body,
		editsAfterClose: !1,
		capture: () => {
			let r = n.hold() ?? {
				text: "",
				markdown: "",
				document: ""
			}, i = e.plugins.has("ImageEditing") ? n.heldImage() : null, a = i?.getAttribute("src");
			return {
				selection: r.text,
				selectionMarkdown: r.markdown,
				document: r.document,
				context: t(),
				subject: i ? "image" : void 0,
				image: i && typeof a == "string" ? { src: a } : void 0,
				verify: (e) => i ? n.heldImage() ? null : { refused: "selectionRemoved" } : n.verify(e),
				apply: (t, r, a) => {
					if (i) return n.applyAltText(r.text);
					let o = t === "insert" ? "askAiInsert" : "askAiReplace", s = e.execute(o, {
						answer: r,
						mark: a.runUuid ?? "true"
					});
					return s === void 0 ? { refused: "other" } : s;
				},
				rect: () => M(e),
				restore() {
					let t = e.model.markers.get(S)?.getRange();
					t && t.root.rootName !== "$graveyard" && e.model.change((e) => e.setSelection(t));
				},
				release: () => n.release(),
				focus: () => e.editing.view.focus()
			};
		},
		dispose() {}
	};
}
function M(e) {
	let t = e.model.markers.get(S)?.getRange();
	if (!t || t.root.rootName === "$graveyard") return null;
	try {
		let { editing: n } = e, r = t.getContainedElement();
		if (r) {
			let e = n.mapper.toViewElement(r), t = e && n.view.domConverter.mapViewToDom(e);
			if (t instanceof Element) {
				let e = t.getBoundingClientRect();
				return {
					top: e.top,
					left: e.left,
					right: e.right,
					bottom: e.bottom
				};
			}
		}
		return A(n.view.domConverter.viewRangeToDom(n.mapper.toViewRange(t)));
	} catch {
		return null;
	}
}
// src/ckeditor5/ask-ai-ui.ts
var N = {
	en: "Ask AI",
	de: "KI fragen"
}, P = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 20 20\"><path d=\"M9 1.5 10.7 6.3 15.5 8 10.7 9.7 9 14.5 7.3 9.7 2.5 8 7.3 6.3Z\"/><path d=\"M15.5 12l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9Z\"/></svg>", F = "Ctrl+J", I = class extends e {
	refresh() {
		this.isEnabled = this.editor.plugins.get(L).isConfigured;
	}
	execute() {
		this.editor.plugins.get(L).open();
	}
}, L = class extends t {
	static get pluginName() {
		return "AskAiUI";
	}
	static get isOfficialPlugin() {
		return !1;
	}
	#e = null;
	#t = null;
	#n = null;
	#r = null;
	#i = {};
	constructor(e) {
		super(e), e.config.define("askAi", {});
	}
	get isConfigured() {
		let e = this.#i;
		return !!(e.transport || e.endpoints || e.routes);
	}
	init() {
		let { editor: e } = this;
		this.#i = e.config.get("askAi") ?? {}, e.commands.add("askAi", new I(e));
		let t = () => this.#i, n = () => t().messages?.trigger ?? N[D(t().locale ?? e.locale.uiLanguage)] ?? N.en;
		e.ui.componentFactory.add("askAi", (t) => {
			let r = new l(t), i = e.commands.get("askAi");
			return r.set({
				label: n(),
				icon: P,
				tooltip: !0,
				withText: !0,
				keystroke: F,
				class: "ask-ai-ckeditor-button"
			}), r.bind("isEnabled").to(i, "isEnabled"), this.listenTo(r, "execute", () => e.execute("askAi")), r;
		}), e.keystrokes.set(F, (t, n) => {
			e.commands.get("askAi")?.isEnabled && (e.execute("askAi"), n());
		});
	}
	configure(e) {
		this.#i = {
			...this.#i,
			...e
		}, this.editor.commands.get("askAi")?.refresh(), this.#e?.update(this.#s());
	}
	open() {
		this.#a().open();
	}
	close() {
		this.#e?.close();
	}
	destroy() {
		this.#r?.(), this.#r = null, this.#e?.detach(), this.#e = null, this.#n?.(), this.#n = null, super.destroy();
	}
	#a() {
		if (this.#e) return this.#e;
		let e = this.editor.ui.view.element?.ownerDocument ?? document;
		this.#n = k(e, i(".ck-editor__editable"));
		let t = R(this.#i.container, e);
		if (t.ownerDocument !== e && e.defaultView) {
			let t = e.defaultView, n = () => {
				this.#e?.detach(), this.#e = null;
			};
			t.addEventListener("pagehide", n), this.#r = () => t.removeEventListener("pagehide", n);
		}
		return this.#e = r(j(this.editor, () => this.#o()), {
			mount: this.#i.mount ?? a,
			props: {
				...this.#s(),
				open: !1
			},
			container: t,
			onApply: (e) => {
				this.fire("apply", e), this.#i.onApply?.(e);
			},
			part: "ckeditor5"
		}), this.#e;
	}
	#o() {
		let { editor: e } = this, t = this.#i.record, n = e.config.get("language") === void 0 ? void 0 : e.locale.contentLanguage;
		return {
			...n ? { contentLanguage: n } : {},
			...t ? {
				recordTable: t.table,
				recordUid: t.uid,
				...t.field ? { recordField: t.field } : {}
			} : {}
		};
	}
	#s() {
		let { routes: e, record: t, markGenerated: n, onApply: r, container: i, mount: a, ...o } = this.#i, { taskPresets: l, taskPresetPlacement: u, ...d } = o, f = l?.length ? l : void 0, p = d.endpoints, m = d.refreshEndpoints;
		if (!p && !d.transport && e) {
			try {
				p = s(e);
			} catch {
				p = {
					tools: "",
					run: ""
				};
			}
			this.#t?.routes !== e && (this.#t = {
				routes: e,
				refresh: c(e)
			}), m ??= this.#t.refresh;
		}
		return {
			...d,
			locale: this.#c(),
			...f && u === "instead" ? { presets: f } : { morePresets: f },
			endpoints: p,
			refreshEndpoints: m,
			hideTrigger: !0
		};
	}
	#c() {
		return this.#i.locale ?? this.editor.locale.uiLanguage;
	}
};
function R(e, t) {
	if (typeof e == "function") return e();
	if (e === "top") try {
		let e = t.defaultView?.top?.document.body;
		if (e) return e;
	} catch {}
	return t.body;
}
// src/ckeditor5/ask-ai.ts
var z = class extends t {
	static get pluginName() {
		return "AskAi";
	}
	static get requires() {
		return [T, L];
	}
	static get isOfficialPlugin() {
		return !1;
	}
	init() {
		this.editor.plugins.get(L).delegate("apply").to(this);
	}
	get isConfigured() {
		return this.editor.plugins.get(L).isConfigured;
	}
	configure(e) {
		this.editor.plugins.get(L).configure(e);
	}
	open() {
		this.editor.plugins.get(L).open();
	}
	close() {
		this.editor.plugins.get(L).close();
	}
};
export { F as ASK_AI_KEYSTROKE, z as AskAi, w as AskAiApplyCommand, I as AskAiCommand, T as AskAiEditing, L as AskAiUI, j as ckeditorAdapter, d as modelToMarkdown, f as modelToText };

