/*! ask-ai-dialog 0.1.0 | MIT License | Built by `npm run build` from the package's src/; dist/typo3-alt-text.js and its source map in the npm package ask-ai-dialog@0.1.0 are this file before its imports were pointed at @ask-ai-dialog/typo3/. */
import { mount as e } from "@ask-ai-dialog/typo3/widget-standalone.js";
// src/client/typo3-endpoints.ts
function t(e, t) {
	let n = t ?? globalThis.TYPO3?.settings?.ajaxUrls ?? {}, r = (e) => {
		let t = n[e];
		if (typeof t != "string" || t === "") throw TypeError(`ask-ai-dialog: TYPO3.settings.ajaxUrls has no URL for the route "${e}".`);
		return t;
	}, i = (e) => e !== void 0 && typeof n[e] == "string" ? r(e) : void 0;
	return {
		tools: r(e.tools),
		run: r(e.run),
		cancel: i(e.cancel),
		outcome: i(e.outcome)
	};
}
function n(e, n, r) {
	let i = n ?? globalThis.TYPO3?.settings?.ajaxUrls ?? {}, a = e.routes === void 0 ? void 0 : i[e.routes];
	if (typeof a == "string" && a !== "") return async () => {
		let n = await (r ?? globalThis.fetch)(a, {
			credentials: "same-origin",
			redirect: "manual",
			headers: { Accept: "application/json" }
		});
		if (!n.ok || !/json/i.test(n.headers.get("content-type") ?? "")) return null;
		let i = await n.json();
		return typeof i.routes != "object" || i.routes === null ? null : t(e, i.routes);
	};
}
// src/editors/editor-adapter.ts
function r(e, t) {
	let n = e.element.ownerDocument.createElement("span");
	n.setAttribute("data-ask-ai-part", t.part ?? "editor-adapter"), t.container ? t.container.append(n) : e.element.after(n);
	let r = t.props, i = null, a = r.open ?? r.defaultOpen ?? !1, o = null, s = null, c = () => {
		let e = o;
		o = null, e?.();
		let t = s;
		s = null, t && !a && t.focus?.();
	}, l = () => {
		i?.release?.();
	}, u = (e) => {
		a = e, p.update(f());
	}, d = (n) => (c, l) => {
		let d = i, f = d ? d.verify(n, c) : { refused: "selectionRemoved" };
		if (f || !d) return f ?? void 0;
		let p = () => {
			let e = d.verify(n, c) ?? d.apply(n, c, l);
			if (e) return e;
			s = d, t.onApply?.({
				as: n,
				answer: c,
				meta: l
			});
		};
		return !e.editsAfterClose || r.closeOnApply === !1 || !a ? p() : new Promise((e) => {
			o = () => {
				let t = p();
				t && !a && u(!0), e(t);
			}, u(!1);
		});
	}, f = () => ({
		...r,
		open: a,
		subject: i?.subject ?? r.subject,
		image: i?.image ?? r.image,
		context: {
			...r.context,
			...i?.context ?? {},
			...i?.selection ? { selection: i.selection } : {},
			...i?.selection && i.selectionMarkdown ? { selectionMarkdown: i.selectionMarkdown } : {},
			...i && i.document !== "" ? { document: i.document } : {}
		},
		onOpenChange: (t) => {
			t && !a && (i = e.capture()), t || l(), a = t, p.update(f()), r.onOpenChange?.(t);
		},
		onInsert: d("insert"),
		onReplace: d("replace")
	});
	a && (i = e.capture());
	let p = t.mount(n, f());
	return (n.shadowRoot ?? n).addEventListener("close", c, !0), {
		open() {
			i = e.capture(), u(!0);
		},
		close() {
			l(), u(!1);
		},
		update(e) {
			r = {
				...r,
				...e
			}, p.update(f());
		},
		detach() {
			l(), p.unmount(), n.remove(), e.dispose();
		}
	};
}
// src/editors/textarea.ts
function i(e, t = {}) {
	let n = t.whole === !0;
	return {
		element: e,
		editsAfterClose: !0,
		capture() {
			let t = n ? 0 : e.selectionStart ?? e.value.length, r = n ? e.value.length : e.selectionEnd ?? t, i = e.value.slice(t, r), s = e.value.slice(0, r), c = e.value, l = null, u = () => n ? e.value === c ? null : { refused: "selectionChanged" } : t === r ? { refused: "selectionRemoved" } : e.value.startsWith(s) ? null : { refused: "selectionChanged" }, d = (t) => e instanceof HTMLInputElement ? t.replace(/\s*\n\s*/g, " ") : t, f = (n) => {
				let o = a(e.value, i, t, r), s = e.value.slice(0, o), c = s === "" || s.endsWith("\n\n") ? "" : s.endsWith("\n") ? "\n" : "\n\n";
				return {
					at: o,
					text: d(`${c}${n.text}`)
				};
			}, p = (n, i) => {
				if (e.readOnly || e.disabled || e.closest("fieldset:disabled")) return { refused: "readOnly" };
				let a = e.maxLength;
				return a < 0 ? null : (n === "replace" ? e.value.length - (r - t) + d(i.text).length : e.value.length + f(i).text.length) > a ? {
					refused: "tooLong",
					limit: a
				} : null;
			};
			return {
				selection: i,
				document: e.value,
				verify: (e, t) => p(e, t) ?? (e === "replace" ? u() : null),
				apply(n, i) {
					let { at: a, to: s, text: c } = n === "replace" ? {
						at: t,
						to: r,
						text: d(i.text)
					} : {
						...f(i),
						to: -1
					}, u = e.value, p = u.slice(0, a) + c + u.slice(s === -1 ? a : s);
					return o(e, a, s === -1 ? a : s, c), e.value === p ? (l = [a + (c.length - c.trimStart().length), a + c.length], null) : { refused: "other" };
				},
				focus() {
					l && (e.focus(), e.setSelectionRange(l[0], l[1]));
				}
			};
		},
		dispose() {}
	};
}
function a(e, t, n, r) {
	if (e.slice(n, r) === t) return r;
	if (t === "") return Math.min(r, e.length);
	let i = -1;
	for (let r = e.indexOf(t); r !== -1; r = e.indexOf(t, r + 1)) (i === -1 || Math.abs(r - n) < Math.abs(i - n)) && (i = r);
	return i === -1 ? e.length : i + t.length;
}
function o(e, t, n, r) {
	e.focus(), e.setSelectionRange(t, n);
	let i = e.ownerDocument;
	typeof i.execCommand == "function" && i.execCommand("insertText", !1, r) || (e.setRangeText(r, t, n, "end"), e.dispatchEvent(new InputEvent("input", {
		bubbles: !0,
		inputType: "insertText",
		data: r
	})));
}
// src/typo3/alt-text-control.ts
var s = class {
	#e = null;
	constructor(e) {
		document.getElementById(e.control)?.addEventListener("click", (t) => {
			t.preventDefault(), this.#t(e);
		});
	}
	#t(e) {
		let t = document.querySelector(`[data-formengine-input-name="${CSS.escape(e.field)}"]`);
		t && (this.#e ??= this.#n(t, e), this.#e.open());
	}
	#n(a, o) {
		let { routes: s, container: l, ...u } = o.dialog, d;
		try {
			d = t(s);
		} catch {
			d = {
				tools: "",
				run: ""
			};
		}
		let f = r(i(a, { whole: !0 }), {
			mount: e,
			props: {
				...u,
				endpoints: d,
				refreshEndpoints: n(s),
				subject: "image",
				image: o.image,
				hideTrigger: !0,
				open: !1
			},
			container: l === "top" ? c() : document.body,
			onApply: () => a.dispatchEvent(new Event("change", { bubbles: !0 })),
			part: "alt-text-control"
		});
		return window.addEventListener("pagehide", () => f.detach(), { once: !0 }), f;
	}
};
function c() {
	try {
		return window.top?.document.body ?? document.body;
	} catch {
		return document.body;
	}
}
export { s as default };

