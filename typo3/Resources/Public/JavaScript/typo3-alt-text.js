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
// src/editors/selection-anchor.ts
function r(e, t) {
	let n = 0, r = 0, i = e;
	for (let e = 0; i !== t; e++) {
		let t = null;
		try {
			t = i.frameElement;
		} catch {
			return null;
		}
		if (!t || e > 8) return null;
		let a = t.getBoundingClientRect();
		n += a.left + t.clientLeft, r += a.top + t.clientTop, i = i.parent;
	}
	return {
		x: n,
		y: r
	};
}
function i(e, t, n, i) {
	let a = t === n ? [t] : [t, n];
	return {
		rect() {
			let i = e(), a = i && r(t, n);
			return !i || !a ? null : {
				top: i.top + a.y,
				left: i.left + a.x,
				right: i.right + a.x,
				bottom: i.bottom + a.y
			};
		},
		watch(e) {
			for (let t of a) t.addEventListener("scroll", e, {
				capture: !0,
				passive: !0
			}), t.addEventListener("resize", e);
			let n = t.MutationObserver, r = i && n ? new n(e) : null;
			return i && r?.observe(i, {
				subtree: !0,
				childList: !0,
				characterData: !0
			}), () => {
				r?.disconnect();
				for (let t of a) t.removeEventListener("scroll", e, { capture: !0 }), t.removeEventListener("resize", e);
			};
		}
	};
}
function a(e) {
	let t = [...e.getClientRects()].filter((e) => e.width > 0 || e.height > 0), n = t.length > 0 ? t : [e.getBoundingClientRect()], r = Math.min(...n.map((e) => e.top)), i = Math.max(...n.map((e) => e.bottom)), a = Math.min(...n.map((e) => e.left)), o = Math.max(...n.map((e) => e.right));
	return i > r || o > a ? {
		top: r,
		left: a,
		right: o,
		bottom: i
	} : null;
}
// src/editors/editor-adapter.ts
function o(e, t) {
	let n = e.element.ownerDocument.createElement("span");
	n.setAttribute("data-ask-ai-part", t.part ?? "editor-adapter"), t.container ? t.container.append(n) : e.element.after(n);
	let r = t.props, a = null, o, s = r.open ?? r.defaultOpen ?? !1, c = e.element.ownerDocument.defaultView, l = () => {
		let t = e.capture();
		a = t;
		let r = n.ownerDocument.defaultView;
		o = t.rect && c && r ? i(() => t.rect?.() ?? null, c, r, e.element) : void 0;
	}, u = null, d = null, f = null, p = () => {
		let e = u;
		u = null, e?.();
		let t = d ?? f;
		d = null, f = null, t && !s && t.focus?.();
	}, m = () => {
		a?.release?.();
	}, h = () => {
		!d && !u && a && (a.restore?.(), f = a), m();
	}, g = (e) => {
		s = e, y.update(v());
	}, _ = (n) => (i, o) => {
		let c = a, l = c ? c.verify(n, i) : { refused: "selectionRemoved" };
		if (l || !c) return l ?? void 0;
		let f = () => {
			let e = c.verify(n, i) ?? c.apply(n, i, o);
			if (e) return e;
			d = c, t.onApply?.({
				as: n,
				answer: i,
				meta: o
			});
		};
		return !e.editsAfterClose || r.closeOnApply === !1 || !s ? f() : new Promise((e) => {
			u = () => {
				let t = f();
				t && !s && g(!0), e(t);
			}, g(!1);
		});
	}, v = () => ({
		...r,
		open: s,
		subject: a?.subject ?? r.subject,
		image: a?.image ?? r.image,
		anchor: o ?? r.anchor,
		context: {
			...r.context,
			...a?.context ?? {},
			...a?.selection ? { selection: a.selection } : {},
			...a?.selection && a.selectionMarkdown ? { selectionMarkdown: a.selectionMarkdown } : {},
			...a && a.document !== "" ? { document: a.document } : {}
		},
		onOpenChange: (e) => {
			e && !s && l(), e || h(), s = e, y.update(v()), r.onOpenChange?.(e);
		},
		onInsert: _("insert"),
		onReplace: _("replace")
	});
	s && l();
	let y = t.mount(n, v());
	return (n.shadowRoot ?? n).addEventListener("close", p, !0), {
		open() {
			l(), g(!0);
		},
		close() {
			s ? h() : m(), g(!1);
		},
		update(e) {
			r = {
				...r,
				...e
			}, y.update(v());
		},
		detach() {
			m(), y.unmount(), n.remove(), e.dispose();
		}
	};
}
// src/editors/field-rect.ts
var s = [
	"boxSizing",
	"width",
	"borderTopWidth",
	"borderRightWidth",
	"borderBottomWidth",
	"borderLeftWidth",
	"borderStyle",
	"paddingTop",
	"paddingRight",
	"paddingBottom",
	"paddingLeft",
	"fontFamily",
	"fontSize",
	"fontStyle",
	"fontWeight",
	"fontVariant",
	"fontStretch",
	"lineHeight",
	"letterSpacing",
	"wordSpacing",
	"textIndent",
	"textTransform",
	"tabSize",
	"direction"
];
function c(e, t, n) {
	let r = e.getBoundingClientRect();
	if (r.width === 0 && r.height === 0) return null;
	let i = {
		top: r.top,
		left: r.left,
		right: r.right,
		bottom: r.bottom
	}, o = e.ownerDocument, c = o.defaultView;
	if (!c || e.tagName !== "TEXTAREA" || typeof c.getComputedStyle != "function") return i;
	let l = c.getComputedStyle(e), u = o.createElement("div");
	for (let e of s) u.style[e] = l[e];
	Object.assign(u.style, {
		position: "fixed",
		top: `${r.top}px`,
		left: `${r.left}px`,
		visibility: "hidden",
		whiteSpace: "pre-wrap",
		overflowWrap: "break-word",
		overflow: "hidden",
		height: "auto",
		pointerEvents: "none"
	});
	let d = e.value, f = o.createElement("span");
	f.textContent = d.slice(t, n) || "​", u.append(d.slice(0, t), f, d.slice(n) || "​"), o.body.append(u);
	try {
		let t = o.createRange();
		t.selectNodeContents(f);
		let n = a(t);
		if (!n) return i;
		let s = -e.scrollTop, c = (e, t, n) => Math.min(Math.max(e, t), n);
		return {
			top: c(n.top + s, r.top, r.bottom),
			bottom: c(n.bottom + s, r.top, r.bottom),
			left: r.left,
			right: r.right
		};
	} finally {
		u.remove();
	}
}
// src/editors/textarea.ts
function l(e, t = {}) {
	let n = t.whole === !0;
	return {
		element: e,
		editsAfterClose: !0,
		capture() {
			let t = n ? 0 : e.selectionStart ?? e.value.length, r = n ? e.value.length : e.selectionEnd ?? t, i = e.value.slice(t, r), a = e.value.slice(0, r), o = e.value, s = null, l = () => n ? e.value === o ? null : { refused: "selectionChanged" } : t === r ? { refused: "selectionRemoved" } : e.value.startsWith(a) ? null : { refused: "selectionChanged" }, f = (t) => e instanceof HTMLInputElement ? t.replace(/\s*\n\s*/g, " ") : t, p = (n) => {
				let a = u(e.value, i, t, r), o = e.value.slice(0, a), s = o === "" || o.endsWith("\n\n") ? "" : o.endsWith("\n") ? "\n" : "\n\n";
				return {
					at: a,
					text: f(`${s}${n.text}`)
				};
			}, m = (n, i) => {
				if (e.readOnly || e.disabled || e.closest("fieldset:disabled")) return { refused: "readOnly" };
				let a = e.maxLength;
				return a < 0 ? null : (n === "replace" ? e.value.length - (r - t) + f(i.text).length : e.value.length + p(i).text.length) > a ? {
					refused: "tooLong",
					limit: a
				} : null;
			};
			return {
				selection: i,
				document: e.value,
				verify: (e, t) => m(e, t) ?? (e === "replace" ? l() : null),
				apply(n, i) {
					let { at: a, to: o, text: c } = n === "replace" ? {
						at: t,
						to: r,
						text: f(i.text)
					} : {
						...p(i),
						to: -1
					}, l = e.value, u = l.slice(0, a) + c + l.slice(o === -1 ? a : o);
					return d(e, a, o === -1 ? a : o, c), e.value === u ? (s = [a + (c.length - c.trimStart().length), a + c.length], null) : { refused: "other" };
				},
				rect: () => c(e, t, r),
				focus() {
					e.focus(), s ? e.setSelectionRange(s[0], s[1]) : e.value === o && e.setSelectionRange(t, r);
				}
			};
		},
		dispose() {}
	};
}
function u(e, t, n, r) {
	let i;
	if (e.slice(n, r) === t) i = r;
	else if (t === "") i = Math.min(r, e.length);
	else {
		let r = -1;
		for (let i = e.indexOf(t); i !== -1; i = e.indexOf(t, i + 1)) (r === -1 || Math.abs(i - n) < Math.abs(r - n)) && (r = i);
		i = r === -1 ? e.length : r + t.length;
	}
	let a = i;
	for (; a > i - t.length && e[a - 1] === "\n";) a--;
	let o = e.indexOf("\n", a);
	return o === -1 ? e.length : o;
}
function d(e, t, n, r) {
	e.focus(), e.setSelectionRange(t, n);
	let i = e.ownerDocument;
	typeof i.execCommand == "function" && i.execCommand("insertText", !1, r) || (e.setRangeText(r, t, n, "end"), e.dispatchEvent(new InputEvent("input", {
		bubbles: !0,
		inputType: "insertText",
		data: r
	})));
}
// src/typo3/alt-text-control.ts
var f = class {
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
	#n(r, i) {
		let { routes: a, container: s, ...c } = i.dialog, u;
		try {
			u = t(a);
		} catch {
			u = {
				tools: "",
				run: ""
			};
		}
		let d = o(l(r, { whole: !0 }), {
			mount: e,
			props: {
				...c,
				endpoints: u,
				refreshEndpoints: n(a),
				subject: "image",
				image: i.image,
				hideTrigger: !0,
				open: !1
			},
			container: s === "top" ? p() : document.body,
			onApply: () => r.dispatchEvent(new Event("change", { bubbles: !0 })),
			part: "alt-text-control"
		});
		return window.addEventListener("pagehide", () => d.detach(), { once: !0 }), d;
	}
};
function p() {
	try {
		return window.top?.document.body ?? document.body;
	} catch {
		return document.body;
	}
}
export { f as default };

