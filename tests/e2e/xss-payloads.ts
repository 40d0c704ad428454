/**
 * XSS payloads in the style of the OWASP "XSS Filter Evasion" cheat sheet and
 * the published DOMPurify / mXSS bypasses. Each payload is a function of its
 * number `n` and, when it runs, calls `__xss(n)` (from a frame: `parent.__xss(n)`;
 * from a popup: `opener.__xss(n)`), so the test knows which one executed.
 */

const call = (n: number) => `__xss(${n})`;

/** Every character as a decimal entity, as in `&#106;&#97;...`. */
const dec = (s: string) => [...s].map((c) => `&#${c.charCodeAt(0)};`).join('');
/** Decimal entities padded with zeros and without semicolons (`&#0000106`). */
const decPadded = (s: string) => [...s].map((c) => `&#${String(c.charCodeAt(0)).padStart(7, '0')}`).join('');
/** Hex entities without semicolons (`&#x6A`). */
const hexBare = (s: string) => [...s].map((c) => `&#x${c.charCodeAt(0).toString(16).toUpperCase()}`).join('');
const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');

export type Payload = (n: number) => string;

export const payloads: Payload[] = [
  // script elements
  (n) => `<script>${call(n)}</script>`,
  (n) => `<SCRIPT SRC=data:text/javascript,${call(n)}></SCRIPT>`,
  (n) => `<script/xss src="data:,${call(n)}"></script>`,
  (n) => `<<SCRIPT>${call(n)}//<</SCRIPT>`,
  (n) => `<scr<script>ipt>${call(n)}</scr</script>ipt>`,
  (n) => `<IMG """><SCRIPT>${call(n)}</SCRIPT>">`,
  // event handlers
  (n) => `<img src=x onerror=${call(n)}>`,
  (n) => `<IMG SRC=x OnErRoR="${call(n)}">`,
  (n) => `<img/src=x/onerror=${call(n)}>`,
  (n) => `<img src=\`x\` onerror=\`${call(n)}\`>`,
  (n) => `<img src=x onerror="${dec(call(n))}">`,
  (n) => `<img src=x onerror=eval(atob('${b64(call(n))}'))>`,
  (n) => `<img src=x onerror=${call(n)} //`,
  (n) => `<img src="x" onerror="${call(n)}"<b>unclosed`,
  (n) => `<svg onload=${call(n)}>`,
  (n) => `<svg/onload=${call(n)}>`,
  (n) => `<svg><script>${call(n)}</script></svg>`,
  (n) => `<svg><animate onbegin=${call(n)} attributeName=x dur=1s>`,
  (n) => `<svg><set onbegin=${call(n)} attributename=x to=1>`,
  (n) => `<body onload=${call(n)}>`,
  (n) => `<BODY BACKGROUND="javascript:${call(n)}">`,
  (n) => `<details open ontoggle=${call(n)}>x</details>`,
  (n) => `<video><source onerror=${call(n)}></video>`,
  (n) => `<video src=x onerror=${call(n)}></video>`,
  (n) => `<video poster=javascript:${call(n)}></video>`,
  (n) => `<audio src=x onerror=${call(n)}></audio>`,
  (n) => `<input autofocus onfocus=${call(n)}>`,
  (n) => `<select autofocus onfocus=${call(n)}></select>`,
  (n) => `<textarea autofocus onfocus=${call(n)}></textarea>`,
  (n) => `<keygen autofocus onfocus=${call(n)}>`,
  (n) => `<marquee onstart=${call(n)}>x</marquee>`,
  (n) => `<div onmouseover="${call(n)}">hover me</div>`,
  (n) => `<p onclick="${call(n)}">click me</p>`,
  (n) => `<span tabindex=1 onfocus=${call(n)}>focus me</span>`,
  (n) => `<div tabindex=1 onfocusin=${call(n)}>focus in</div>`,
  (n) => `<a href="#" onclick="${call(n)}">click</a>`,
  (n) => `<isindex type=image src=1 onerror=${call(n)}>`,
  (n) => `<div style="animation-name:x" onanimationstart=${call(n)}>x</div>`,
  // javascript:, vbscript:, data: URLs with encodings and whitespace tricks
  (n) => `<a href="javascript:${call(n)}">link</a>`,
  (n) => `<a href="JaVaScRiPt:${call(n)}">link</a>`,
  (n) => `<a href="  javascript:${call(n)}">link</a>`,
  (n) => `<a href="java\tscript:${call(n)}">link</a>`,
  (n) => `<a href="java&#x09;script:${call(n)}">link</a>`,
  (n) => `<a href="java&#x0A;script:${call(n)}">link</a>`,
  (n) => `<a href="java&#x0D;script:${call(n)}">link</a>`,
  (n) => `<a href="&#x01;javascript:${call(n)}">link</a>`,
  (n) => `<a href="${dec(`javascript:${call(n)}`)}">link</a>`,
  (n) => `<a href="${decPadded(`javascript:${call(n)}`)}">link</a>`,
  (n) => `<a href="${hexBare(`javascript:${call(n)}`)}">link</a>`,
  (n) => `<a href="jav&#x61;script&colon;${call(n)}">link</a>`,
  (n) => `<a href="javascript&#58;${call(n)}">link</a>`,
  (n) => `<a href="vbscript:${call(n)}">link</a>`,
  (n) => `<a href="data:text/html;base64,${b64(`<script>opener.${call(n)}</script>`)}">link</a>`,
  (n) => `<a href="data:text/html,<script>opener.${call(n)}</script>" target=_self>link</a>`,
  (n) => `<IMG SRC="javascript:${call(n)};">`,
  (n) => `<IMG SRC=${dec(`javascript:${call(n)}`)}>`,
  (n) => `<table background="javascript:${call(n)}"><tr><td>x</td></tr></table>`,
  (n) => `<svg><a xlink:href="javascript:${call(n)}"><text x="20" y="20">svg link</text></a></svg>`,
  (n) => `<math href="javascript:${call(n)}">math link</math>`,
  (n) => `<a href="javascript:/*--></title></style></textarea></script></xmp><svg/onload='+/"/+/onmouseover=1/+/[*/[]/+${call(n)}//'>polyglot</a>`,
  // frames, objects, srcdoc
  (n) => `<iframe src="javascript:parent.${call(n)}"></iframe>`,
  (n) => `<iframe srcdoc="<script>parent.${call(n)}</script>"></iframe>`,
  (n) => `<iframe srcdoc="&lt;img src=x onerror=parent.${call(n)}&gt;"></iframe>`,
  (n) => `<iframe src="data:text/html,<script>parent.${call(n)}</script>"></iframe>`,
  (n) => `<object data="javascript:${call(n)}"></object>`,
  (n) => `<object data="data:text/html;base64,${b64(`<script>parent.${call(n)}</script>`)}"></object>`,
  (n) => `<embed src="javascript:${call(n)}">`,
  (n) => `<embed src="data:image/svg+xml;base64,${b64(`<svg xmlns="http://www.w3.org/2000/svg" onload="parent.${call(n)}"/>`)}">`,
  // meta refresh, base href, forms
  (n) => `<meta http-equiv="refresh" content="0;url=javascript:${call(n)}">`,
  (n) => `<meta http-equiv="refresh" content="0;url=data:text/html;base64,${b64(`<script>${call(n)}</script>`)}">`,
  (n) => `<base href="javascript:${call(n)}//"><a href="/x">relative</a>`,
  (n) => `<form action="javascript:${call(n)}"><button>send</button></form>`,
  (n) => `<form><button formaction="javascript:${call(n)}">send</button></form>`,
  (n) => `<form id=f${n}></form><button form=f${n} formaction="javascript:${call(n)}">send</button>`,
  (n) => `<input type=image src=x onerror=${call(n)}>`,
  // style / expression
  (n) => `<div style="background:url(javascript:${call(n)})">style url</div>`,
  (n) => `<div style="width:expression(${call(n)})">expression</div>`,
  (n) => `<style>@import 'javascript:${call(n)}';</style>`,
  (n) => `<style>*{background:url("javascript:${call(n)}")}</style>`,
  (n) => `<link rel=stylesheet href="javascript:${call(n)}">`,
  // mXSS and namespace confusion
  (n) => `<noscript><p title="</noscript><img src=x onerror=${call(n)}>">`,
  (n) => `<math><mtext><table><mglyph><style><!--</style><img title="--&gt;&lt;/mglyph&gt;&lt;img&Tab;src=1&Tab;onerror=${call(n)}&gt;">`,
  (n) => `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${call(n)}>`,
  (n) => `<svg></p><style><a id="</style><img src=1 onerror=${call(n)}>">`,
  (n) => `<math><mi><mglyph><svg><mtext><textarea><path id="</textarea><img onerror=${call(n)} src=1>"></path></textarea></mtext></svg></mglyph></mi></math>`,
  (n) => `<svg><style><img src=x onerror=${call(n)}></style></svg>`,
  (n) => `<template><script>${call(n)}</script><img src=x onerror=${call(n)}></template>`,
  (n) => `<xmp><p title="</xmp><img src=x onerror=${call(n)}>">`,
  (n) => `<noembed><img title="</noembed><img src=x onerror=${call(n)}>"></noembed>`,
  (n) => `<textarea><img title="</textarea><img src=x onerror=${call(n)}>"></textarea>`,
  (n) => `<title><img title="</title><img src=x onerror=${call(n)}>"></title>`,
  (n) => `<!--<img src="--><img src=x onerror=${call(n)}//">`,
  (n) => `<![CDATA[><img src=x onerror=${call(n)}>]]>`,
  (n) => `<a id=__xss>clobber</a><img src=x onerror=${call(n)}>`,
  (n) => `<img src=x id=cookie name=body onerror=${call(n)}>`,
];
