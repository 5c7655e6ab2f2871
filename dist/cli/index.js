import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 2463:
/***/ ((module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.MissingRefError = exports.ValidationError = exports.CodeGen = exports.Name = exports.nil = exports.stringify = exports.str = exports._ = exports.KeywordCxt = exports.Ajv = void 0;
const core_1 = __nccwpck_require__(3893);
const draft7_1 = __nccwpck_require__(9941);
const discriminator_1 = __nccwpck_require__(8886);
const draft7MetaSchema = __nccwpck_require__(2079);
const META_SUPPORT_DATA = ["/properties"];
const META_SCHEMA_ID = "http://json-schema.org/draft-07/schema";
class Ajv extends core_1.default {
    _addVocabularies() {
        super._addVocabularies();
        draft7_1.default.forEach((v) => this.addVocabulary(v));
        if (this.opts.discriminator)
            this.addKeyword(discriminator_1.default);
    }
    _addDefaultMetaSchema() {
        super._addDefaultMetaSchema();
        if (!this.opts.meta)
            return;
        const metaSchema = this.opts.$data
            ? this.$dataMetaSchema(draft7MetaSchema, META_SUPPORT_DATA)
            : draft7MetaSchema;
        this.addMetaSchema(metaSchema, META_SCHEMA_ID, false);
        this.refs["http://json-schema.org/schema"] = META_SCHEMA_ID;
    }
    defaultMeta() {
        return (this.opts.defaultMeta =
            super.defaultMeta() || (this.getSchema(META_SCHEMA_ID) ? META_SCHEMA_ID : undefined));
    }
}
exports.Ajv = Ajv;
module.exports = exports = Ajv;
module.exports.Ajv = Ajv;
Object.defineProperty(exports, "__esModule", ({ value: true }));
exports["default"] = Ajv;
var validate_1 = __nccwpck_require__(7881);
Object.defineProperty(exports, "KeywordCxt", ({ enumerable: true, get: function () { return validate_1.KeywordCxt; } }));
var codegen_1 = __nccwpck_require__(1436);
Object.defineProperty(exports, "_", ({ enumerable: true, get: function () { return codegen_1._; } }));
Object.defineProperty(exports, "str", ({ enumerable: true, get: function () { return codegen_1.str; } }));
Object.defineProperty(exports, "stringify", ({ enumerable: true, get: function () { return codegen_1.stringify; } }));
Object.defineProperty(exports, "nil", ({ enumerable: true, get: function () { return codegen_1.nil; } }));
Object.defineProperty(exports, "Name", ({ enumerable: true, get: function () { return codegen_1.Name; } }));
Object.defineProperty(exports, "CodeGen", ({ enumerable: true, get: function () { return codegen_1.CodeGen; } }));
var validation_error_1 = __nccwpck_require__(3021);
Object.defineProperty(exports, "ValidationError", ({ enumerable: true, get: function () { return validation_error_1.default; } }));
var ref_error_1 = __nccwpck_require__(3162);
Object.defineProperty(exports, "MissingRefError", ({ enumerable: true, get: function () { return ref_error_1.default; } }));
//# sourceMappingURL=ajv.js.map

/***/ }),

/***/ 567:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.regexpCode = exports.getEsmExportName = exports.getProperty = exports.safeStringify = exports.stringify = exports.strConcat = exports.addCodeArg = exports.str = exports._ = exports.nil = exports._Code = exports.Name = exports.IDENTIFIER = exports._CodeOrName = void 0;
// eslint-disable-next-line @typescript-eslint/no-extraneous-class
class _CodeOrName {
}
exports._CodeOrName = _CodeOrName;
exports.IDENTIFIER = /^[a-z$_][a-z$_0-9]*$/i;
class Name extends _CodeOrName {
    constructor(s) {
        super();
        if (!exports.IDENTIFIER.test(s))
            throw new Error("CodeGen: name must be a valid identifier");
        this.str = s;
    }
    toString() {
        return this.str;
    }
    emptyStr() {
        return false;
    }
    get names() {
        return { [this.str]: 1 };
    }
}
exports.Name = Name;
class _Code extends _CodeOrName {
    constructor(code) {
        super();
        this._items = typeof code === "string" ? [code] : code;
    }
    toString() {
        return this.str;
    }
    emptyStr() {
        if (this._items.length > 1)
            return false;
        const item = this._items[0];
        return item === "" || item === '""';
    }
    get str() {
        var _a;
        return ((_a = this._str) !== null && _a !== void 0 ? _a : (this._str = this._items.reduce((s, c) => `${s}${c}`, "")));
    }
    get names() {
        var _a;
        return ((_a = this._names) !== null && _a !== void 0 ? _a : (this._names = this._items.reduce((names, c) => {
            if (c instanceof Name)
                names[c.str] = (names[c.str] || 0) + 1;
            return names;
        }, {})));
    }
}
exports._Code = _Code;
exports.nil = new _Code("");
function _(strs, ...args) {
    const code = [strs[0]];
    let i = 0;
    while (i < args.length) {
        addCodeArg(code, args[i]);
        code.push(strs[++i]);
    }
    return new _Code(code);
}
exports._ = _;
const plus = new _Code("+");
function str(strs, ...args) {
    const expr = [safeStringify(strs[0])];
    let i = 0;
    while (i < args.length) {
        expr.push(plus);
        addCodeArg(expr, args[i]);
        expr.push(plus, safeStringify(strs[++i]));
    }
    optimize(expr);
    return new _Code(expr);
}
exports.str = str;
function addCodeArg(code, arg) {
    if (arg instanceof _Code)
        code.push(...arg._items);
    else if (arg instanceof Name)
        code.push(arg);
    else
        code.push(interpolate(arg));
}
exports.addCodeArg = addCodeArg;
function optimize(expr) {
    let i = 1;
    while (i < expr.length - 1) {
        if (expr[i] === plus) {
            const res = mergeExprItems(expr[i - 1], expr[i + 1]);
            if (res !== undefined) {
                expr.splice(i - 1, 3, res);
                continue;
            }
            expr[i++] = "+";
        }
        i++;
    }
}
function mergeExprItems(a, b) {
    if (b === '""')
        return a;
    if (a === '""')
        return b;
    if (typeof a == "string") {
        if (b instanceof Name || a[a.length - 1] !== '"')
            return;
        if (typeof b != "string")
            return `${a.slice(0, -1)}${b}"`;
        if (b[0] === '"')
            return a.slice(0, -1) + b.slice(1);
        return;
    }
    if (typeof b == "string" && b[0] === '"' && !(a instanceof Name))
        return `"${a}${b.slice(1)}`;
    return;
}
function strConcat(c1, c2) {
    return c2.emptyStr() ? c1 : c1.emptyStr() ? c2 : str `${c1}${c2}`;
}
exports.strConcat = strConcat;
// TODO do not allow arrays here
function interpolate(x) {
    return typeof x == "number" || typeof x == "boolean" || x === null
        ? x
        : safeStringify(Array.isArray(x) ? x.join(",") : x);
}
function stringify(x) {
    return new _Code(safeStringify(x));
}
exports.stringify = stringify;
function safeStringify(x) {
    return JSON.stringify(x)
        .replace(/\u2028/g, "\\u2028")
        .replace(/\u2029/g, "\\u2029");
}
exports.safeStringify = safeStringify;
function getProperty(key) {
    return typeof key == "string" && exports.IDENTIFIER.test(key) ? new _Code(`.${key}`) : _ `[${key}]`;
}
exports.getProperty = getProperty;
//Does best effort to format the name properly
function getEsmExportName(key) {
    if (typeof key == "string" && exports.IDENTIFIER.test(key)) {
        return new _Code(`${key}`);
    }
    throw new Error(`CodeGen: invalid export name: ${key}, use explicit $id name mapping`);
}
exports.getEsmExportName = getEsmExportName;
function regexpCode(rx) {
    return new _Code(rx.toString());
}
exports.regexpCode = regexpCode;
//# sourceMappingURL=code.js.map

/***/ }),

/***/ 1436:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.or = exports.and = exports.not = exports.CodeGen = exports.operators = exports.varKinds = exports.ValueScopeName = exports.ValueScope = exports.Scope = exports.Name = exports.regexpCode = exports.stringify = exports.getProperty = exports.nil = exports.strConcat = exports.str = exports._ = void 0;
const code_1 = __nccwpck_require__(567);
const scope_1 = __nccwpck_require__(7788);
var code_2 = __nccwpck_require__(567);
Object.defineProperty(exports, "_", ({ enumerable: true, get: function () { return code_2._; } }));
Object.defineProperty(exports, "str", ({ enumerable: true, get: function () { return code_2.str; } }));
Object.defineProperty(exports, "strConcat", ({ enumerable: true, get: function () { return code_2.strConcat; } }));
Object.defineProperty(exports, "nil", ({ enumerable: true, get: function () { return code_2.nil; } }));
Object.defineProperty(exports, "getProperty", ({ enumerable: true, get: function () { return code_2.getProperty; } }));
Object.defineProperty(exports, "stringify", ({ enumerable: true, get: function () { return code_2.stringify; } }));
Object.defineProperty(exports, "regexpCode", ({ enumerable: true, get: function () { return code_2.regexpCode; } }));
Object.defineProperty(exports, "Name", ({ enumerable: true, get: function () { return code_2.Name; } }));
var scope_2 = __nccwpck_require__(7788);
Object.defineProperty(exports, "Scope", ({ enumerable: true, get: function () { return scope_2.Scope; } }));
Object.defineProperty(exports, "ValueScope", ({ enumerable: true, get: function () { return scope_2.ValueScope; } }));
Object.defineProperty(exports, "ValueScopeName", ({ enumerable: true, get: function () { return scope_2.ValueScopeName; } }));
Object.defineProperty(exports, "varKinds", ({ enumerable: true, get: function () { return scope_2.varKinds; } }));
exports.operators = {
    GT: new code_1._Code(">"),
    GTE: new code_1._Code(">="),
    LT: new code_1._Code("<"),
    LTE: new code_1._Code("<="),
    EQ: new code_1._Code("==="),
    NEQ: new code_1._Code("!=="),
    NOT: new code_1._Code("!"),
    OR: new code_1._Code("||"),
    AND: new code_1._Code("&&"),
    ADD: new code_1._Code("+"),
};
class Node {
    optimizeNodes() {
        return this;
    }
    optimizeNames(_names, _constants) {
        return this;
    }
}
class Def extends Node {
    constructor(varKind, name, rhs) {
        super();
        this.varKind = varKind;
        this.name = name;
        this.rhs = rhs;
    }
    render({ es5, _n }) {
        const varKind = es5 ? scope_1.varKinds.var : this.varKind;
        const rhs = this.rhs === undefined ? "" : ` = ${this.rhs}`;
        return `${varKind} ${this.name}${rhs};` + _n;
    }
    optimizeNames(names, constants) {
        if (!names[this.name.str])
            return;
        if (this.rhs)
            this.rhs = optimizeExpr(this.rhs, names, constants);
        return this;
    }
    get names() {
        return this.rhs instanceof code_1._CodeOrName ? this.rhs.names : {};
    }
}
class Assign extends Node {
    constructor(lhs, rhs, sideEffects) {
        super();
        this.lhs = lhs;
        this.rhs = rhs;
        this.sideEffects = sideEffects;
    }
    render({ _n }) {
        return `${this.lhs} = ${this.rhs};` + _n;
    }
    optimizeNames(names, constants) {
        if (this.lhs instanceof code_1.Name && !names[this.lhs.str] && !this.sideEffects)
            return;
        this.rhs = optimizeExpr(this.rhs, names, constants);
        return this;
    }
    get names() {
        const names = this.lhs instanceof code_1.Name ? {} : { ...this.lhs.names };
        return addExprNames(names, this.rhs);
    }
}
class AssignOp extends Assign {
    constructor(lhs, op, rhs, sideEffects) {
        super(lhs, rhs, sideEffects);
        this.op = op;
    }
    render({ _n }) {
        return `${this.lhs} ${this.op}= ${this.rhs};` + _n;
    }
}
class Label extends Node {
    constructor(label) {
        super();
        this.label = label;
        this.names = {};
    }
    render({ _n }) {
        return `${this.label}:` + _n;
    }
}
class Break extends Node {
    constructor(label) {
        super();
        this.label = label;
        this.names = {};
    }
    render({ _n }) {
        const label = this.label ? ` ${this.label}` : "";
        return `break${label};` + _n;
    }
}
class Throw extends Node {
    constructor(error) {
        super();
        this.error = error;
    }
    render({ _n }) {
        return `throw ${this.error};` + _n;
    }
    get names() {
        return this.error.names;
    }
}
class AnyCode extends Node {
    constructor(code) {
        super();
        this.code = code;
    }
    render({ _n }) {
        return `${this.code};` + _n;
    }
    optimizeNodes() {
        return `${this.code}` ? this : undefined;
    }
    optimizeNames(names, constants) {
        this.code = optimizeExpr(this.code, names, constants);
        return this;
    }
    get names() {
        return this.code instanceof code_1._CodeOrName ? this.code.names : {};
    }
}
class ParentNode extends Node {
    constructor(nodes = []) {
        super();
        this.nodes = nodes;
    }
    render(opts) {
        return this.nodes.reduce((code, n) => code + n.render(opts), "");
    }
    optimizeNodes() {
        const { nodes } = this;
        let i = nodes.length;
        while (i--) {
            const n = nodes[i].optimizeNodes();
            if (Array.isArray(n))
                nodes.splice(i, 1, ...n);
            else if (n)
                nodes[i] = n;
            else
                nodes.splice(i, 1);
        }
        return nodes.length > 0 ? this : undefined;
    }
    optimizeNames(names, constants) {
        const { nodes } = this;
        let i = nodes.length;
        while (i--) {
            // iterating backwards improves 1-pass optimization
            const n = nodes[i];
            if (n.optimizeNames(names, constants))
                continue;
            subtractNames(names, n.names);
            nodes.splice(i, 1);
        }
        return nodes.length > 0 ? this : undefined;
    }
    get names() {
        return this.nodes.reduce((names, n) => addNames(names, n.names), {});
    }
}
class BlockNode extends ParentNode {
    render(opts) {
        return "{" + opts._n + super.render(opts) + "}" + opts._n;
    }
}
class Root extends ParentNode {
}
class Else extends BlockNode {
}
Else.kind = "else";
class If extends BlockNode {
    constructor(condition, nodes) {
        super(nodes);
        this.condition = condition;
    }
    render(opts) {
        let code = `if(${this.condition})` + super.render(opts);
        if (this.else)
            code += "else " + this.else.render(opts);
        return code;
    }
    optimizeNodes() {
        super.optimizeNodes();
        const cond = this.condition;
        if (cond === true)
            return this.nodes; // else is ignored here
        let e = this.else;
        if (e) {
            const ns = e.optimizeNodes();
            e = this.else = Array.isArray(ns) ? new Else(ns) : ns;
        }
        if (e) {
            if (cond === false)
                return e instanceof If ? e : e.nodes;
            if (this.nodes.length)
                return this;
            return new If(not(cond), e instanceof If ? [e] : e.nodes);
        }
        if (cond === false || !this.nodes.length)
            return undefined;
        return this;
    }
    optimizeNames(names, constants) {
        var _a;
        this.else = (_a = this.else) === null || _a === void 0 ? void 0 : _a.optimizeNames(names, constants);
        if (!(super.optimizeNames(names, constants) || this.else))
            return;
        this.condition = optimizeExpr(this.condition, names, constants);
        return this;
    }
    get names() {
        const names = super.names;
        addExprNames(names, this.condition);
        if (this.else)
            addNames(names, this.else.names);
        return names;
    }
}
If.kind = "if";
class For extends BlockNode {
}
For.kind = "for";
class ForLoop extends For {
    constructor(iteration) {
        super();
        this.iteration = iteration;
    }
    render(opts) {
        return `for(${this.iteration})` + super.render(opts);
    }
    optimizeNames(names, constants) {
        if (!super.optimizeNames(names, constants))
            return;
        this.iteration = optimizeExpr(this.iteration, names, constants);
        return this;
    }
    get names() {
        return addNames(super.names, this.iteration.names);
    }
}
class ForRange extends For {
    constructor(varKind, name, from, to) {
        super();
        this.varKind = varKind;
        this.name = name;
        this.from = from;
        this.to = to;
    }
    render(opts) {
        const varKind = opts.es5 ? scope_1.varKinds.var : this.varKind;
        const { name, from, to } = this;
        return `for(${varKind} ${name}=${from}; ${name}<${to}; ${name}++)` + super.render(opts);
    }
    get names() {
        const names = addExprNames(super.names, this.from);
        return addExprNames(names, this.to);
    }
}
class ForIter extends For {
    constructor(loop, varKind, name, iterable) {
        super();
        this.loop = loop;
        this.varKind = varKind;
        this.name = name;
        this.iterable = iterable;
    }
    render(opts) {
        return `for(${this.varKind} ${this.name} ${this.loop} ${this.iterable})` + super.render(opts);
    }
    optimizeNames(names, constants) {
        if (!super.optimizeNames(names, constants))
            return;
        this.iterable = optimizeExpr(this.iterable, names, constants);
        return this;
    }
    get names() {
        return addNames(super.names, this.iterable.names);
    }
}
class Func extends BlockNode {
    constructor(name, args, async) {
        super();
        this.name = name;
        this.args = args;
        this.async = async;
    }
    render(opts) {
        const _async = this.async ? "async " : "";
        return `${_async}function ${this.name}(${this.args})` + super.render(opts);
    }
}
Func.kind = "func";
class Return extends ParentNode {
    render(opts) {
        return "return " + super.render(opts);
    }
}
Return.kind = "return";
class Try extends BlockNode {
    render(opts) {
        let code = "try" + super.render(opts);
        if (this.catch)
            code += this.catch.render(opts);
        if (this.finally)
            code += this.finally.render(opts);
        return code;
    }
    optimizeNodes() {
        var _a, _b;
        super.optimizeNodes();
        (_a = this.catch) === null || _a === void 0 ? void 0 : _a.optimizeNodes();
        (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNodes();
        return this;
    }
    optimizeNames(names, constants) {
        var _a, _b;
        super.optimizeNames(names, constants);
        (_a = this.catch) === null || _a === void 0 ? void 0 : _a.optimizeNames(names, constants);
        (_b = this.finally) === null || _b === void 0 ? void 0 : _b.optimizeNames(names, constants);
        return this;
    }
    get names() {
        const names = super.names;
        if (this.catch)
            addNames(names, this.catch.names);
        if (this.finally)
            addNames(names, this.finally.names);
        return names;
    }
}
class Catch extends BlockNode {
    constructor(error) {
        super();
        this.error = error;
    }
    render(opts) {
        return `catch(${this.error})` + super.render(opts);
    }
}
Catch.kind = "catch";
class Finally extends BlockNode {
    render(opts) {
        return "finally" + super.render(opts);
    }
}
Finally.kind = "finally";
class CodeGen {
    constructor(extScope, opts = {}) {
        this._values = {};
        this._blockStarts = [];
        this._constants = {};
        this.opts = { ...opts, _n: opts.lines ? "\n" : "" };
        this._extScope = extScope;
        this._scope = new scope_1.Scope({ parent: extScope });
        this._nodes = [new Root()];
    }
    toString() {
        return this._root.render(this.opts);
    }
    // returns unique name in the internal scope
    name(prefix) {
        return this._scope.name(prefix);
    }
    // reserves unique name in the external scope
    scopeName(prefix) {
        return this._extScope.name(prefix);
    }
    // reserves unique name in the external scope and assigns value to it
    scopeValue(prefixOrName, value) {
        const name = this._extScope.value(prefixOrName, value);
        const vs = this._values[name.prefix] || (this._values[name.prefix] = new Set());
        vs.add(name);
        return name;
    }
    getScopeValue(prefix, keyOrRef) {
        return this._extScope.getValue(prefix, keyOrRef);
    }
    // return code that assigns values in the external scope to the names that are used internally
    // (same names that were returned by gen.scopeName or gen.scopeValue)
    scopeRefs(scopeName) {
        return this._extScope.scopeRefs(scopeName, this._values);
    }
    scopeCode() {
        return this._extScope.scopeCode(this._values);
    }
    _def(varKind, nameOrPrefix, rhs, constant) {
        const name = this._scope.toName(nameOrPrefix);
        if (rhs !== undefined && constant)
            this._constants[name.str] = rhs;
        this._leafNode(new Def(varKind, name, rhs));
        return name;
    }
    // `const` declaration (`var` in es5 mode)
    const(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.const, nameOrPrefix, rhs, _constant);
    }
    // `let` declaration with optional assignment (`var` in es5 mode)
    let(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.let, nameOrPrefix, rhs, _constant);
    }
    // `var` declaration with optional assignment
    var(nameOrPrefix, rhs, _constant) {
        return this._def(scope_1.varKinds.var, nameOrPrefix, rhs, _constant);
    }
    // assignment code
    assign(lhs, rhs, sideEffects) {
        return this._leafNode(new Assign(lhs, rhs, sideEffects));
    }
    // `+=` code
    add(lhs, rhs) {
        return this._leafNode(new AssignOp(lhs, exports.operators.ADD, rhs));
    }
    // appends passed SafeExpr to code or executes Block
    code(c) {
        if (typeof c == "function")
            c();
        else if (c !== code_1.nil)
            this._leafNode(new AnyCode(c));
        return this;
    }
    // returns code for object literal for the passed argument list of key-value pairs
    object(...keyValues) {
        const code = ["{"];
        for (const [key, value] of keyValues) {
            if (code.length > 1)
                code.push(",");
            code.push(key);
            if (key !== value || this.opts.es5) {
                code.push(":");
                (0, code_1.addCodeArg)(code, value);
            }
        }
        code.push("}");
        return new code_1._Code(code);
    }
    // `if` clause (or statement if `thenBody` and, optionally, `elseBody` are passed)
    if(condition, thenBody, elseBody) {
        this._blockNode(new If(condition));
        if (thenBody && elseBody) {
            this.code(thenBody).else().code(elseBody).endIf();
        }
        else if (thenBody) {
            this.code(thenBody).endIf();
        }
        else if (elseBody) {
            throw new Error('CodeGen: "else" body without "then" body');
        }
        return this;
    }
    // `else if` clause - invalid without `if` or after `else` clauses
    elseIf(condition) {
        return this._elseNode(new If(condition));
    }
    // `else` clause - only valid after `if` or `else if` clauses
    else() {
        return this._elseNode(new Else());
    }
    // end `if` statement (needed if gen.if was used only with condition)
    endIf() {
        return this._endBlockNode(If, Else);
    }
    _for(node, forBody) {
        this._blockNode(node);
        if (forBody)
            this.code(forBody).endFor();
        return this;
    }
    // a generic `for` clause (or statement if `forBody` is passed)
    for(iteration, forBody) {
        return this._for(new ForLoop(iteration), forBody);
    }
    // `for` statement for a range of values
    forRange(nameOrPrefix, from, to, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.let) {
        const name = this._scope.toName(nameOrPrefix);
        return this._for(new ForRange(varKind, name, from, to), () => forBody(name));
    }
    // `for-of` statement (in es5 mode replace with a normal for loop)
    forOf(nameOrPrefix, iterable, forBody, varKind = scope_1.varKinds.const) {
        const name = this._scope.toName(nameOrPrefix);
        if (this.opts.es5) {
            const arr = iterable instanceof code_1.Name ? iterable : this.var("_arr", iterable);
            return this.forRange("_i", 0, (0, code_1._) `${arr}.length`, (i) => {
                this.var(name, (0, code_1._) `${arr}[${i}]`);
                forBody(name);
            });
        }
        return this._for(new ForIter("of", varKind, name, iterable), () => forBody(name));
    }
    // `for-in` statement.
    // With option `ownProperties` replaced with a `for-of` loop for object keys
    forIn(nameOrPrefix, obj, forBody, varKind = this.opts.es5 ? scope_1.varKinds.var : scope_1.varKinds.const) {
        if (this.opts.ownProperties) {
            return this.forOf(nameOrPrefix, (0, code_1._) `Object.keys(${obj})`, forBody);
        }
        const name = this._scope.toName(nameOrPrefix);
        return this._for(new ForIter("in", varKind, name, obj), () => forBody(name));
    }
    // end `for` loop
    endFor() {
        return this._endBlockNode(For);
    }
    // `label` statement
    label(label) {
        return this._leafNode(new Label(label));
    }
    // `break` statement
    break(label) {
        return this._leafNode(new Break(label));
    }
    // `return` statement
    return(value) {
        const node = new Return();
        this._blockNode(node);
        this.code(value);
        if (node.nodes.length !== 1)
            throw new Error('CodeGen: "return" should have one node');
        return this._endBlockNode(Return);
    }
    // `try` statement
    try(tryBody, catchCode, finallyCode) {
        if (!catchCode && !finallyCode)
            throw new Error('CodeGen: "try" without "catch" and "finally"');
        const node = new Try();
        this._blockNode(node);
        this.code(tryBody);
        if (catchCode) {
            const error = this.name("e");
            this._currNode = node.catch = new Catch(error);
            catchCode(error);
        }
        if (finallyCode) {
            this._currNode = node.finally = new Finally();
            this.code(finallyCode);
        }
        return this._endBlockNode(Catch, Finally);
    }
    // `throw` statement
    throw(error) {
        return this._leafNode(new Throw(error));
    }
    // start self-balancing block
    block(body, nodeCount) {
        this._blockStarts.push(this._nodes.length);
        if (body)
            this.code(body).endBlock(nodeCount);
        return this;
    }
    // end the current self-balancing block
    endBlock(nodeCount) {
        const len = this._blockStarts.pop();
        if (len === undefined)
            throw new Error("CodeGen: not in self-balancing block");
        const toClose = this._nodes.length - len;
        if (toClose < 0 || (nodeCount !== undefined && toClose !== nodeCount)) {
            throw new Error(`CodeGen: wrong number of nodes: ${toClose} vs ${nodeCount} expected`);
        }
        this._nodes.length = len;
        return this;
    }
    // `function` heading (or definition if funcBody is passed)
    func(name, args = code_1.nil, async, funcBody) {
        this._blockNode(new Func(name, args, async));
        if (funcBody)
            this.code(funcBody).endFunc();
        return this;
    }
    // end function definition
    endFunc() {
        return this._endBlockNode(Func);
    }
    optimize(n = 1) {
        while (n-- > 0) {
            this._root.optimizeNodes();
            this._root.optimizeNames(this._root.names, this._constants);
        }
    }
    _leafNode(node) {
        this._currNode.nodes.push(node);
        return this;
    }
    _blockNode(node) {
        this._currNode.nodes.push(node);
        this._nodes.push(node);
    }
    _endBlockNode(N1, N2) {
        const n = this._currNode;
        if (n instanceof N1 || (N2 && n instanceof N2)) {
            this._nodes.pop();
            return this;
        }
        throw new Error(`CodeGen: not in block "${N2 ? `${N1.kind}/${N2.kind}` : N1.kind}"`);
    }
    _elseNode(node) {
        const n = this._currNode;
        if (!(n instanceof If)) {
            throw new Error('CodeGen: "else" without "if"');
        }
        this._currNode = n.else = node;
        return this;
    }
    get _root() {
        return this._nodes[0];
    }
    get _currNode() {
        const ns = this._nodes;
        return ns[ns.length - 1];
    }
    set _currNode(node) {
        const ns = this._nodes;
        ns[ns.length - 1] = node;
    }
}
exports.CodeGen = CodeGen;
function addNames(names, from) {
    for (const n in from)
        names[n] = (names[n] || 0) + (from[n] || 0);
    return names;
}
function addExprNames(names, from) {
    return from instanceof code_1._CodeOrName ? addNames(names, from.names) : names;
}
function optimizeExpr(expr, names, constants) {
    if (expr instanceof code_1.Name)
        return replaceName(expr);
    if (!canOptimize(expr))
        return expr;
    return new code_1._Code(expr._items.reduce((items, c) => {
        if (c instanceof code_1.Name)
            c = replaceName(c);
        if (c instanceof code_1._Code)
            items.push(...c._items);
        else
            items.push(c);
        return items;
    }, []));
    function replaceName(n) {
        const c = constants[n.str];
        if (c === undefined || names[n.str] !== 1)
            return n;
        delete names[n.str];
        return c;
    }
    function canOptimize(e) {
        return (e instanceof code_1._Code &&
            e._items.some((c) => c instanceof code_1.Name && names[c.str] === 1 && constants[c.str] !== undefined));
    }
}
function subtractNames(names, from) {
    for (const n in from)
        names[n] = (names[n] || 0) - (from[n] || 0);
}
function not(x) {
    return typeof x == "boolean" || typeof x == "number" || x === null ? !x : (0, code_1._) `!${par(x)}`;
}
exports.not = not;
const andCode = mappend(exports.operators.AND);
// boolean AND (&&) expression with the passed arguments
function and(...args) {
    return args.reduce(andCode);
}
exports.and = and;
const orCode = mappend(exports.operators.OR);
// boolean OR (||) expression with the passed arguments
function or(...args) {
    return args.reduce(orCode);
}
exports.or = or;
function mappend(op) {
    return (x, y) => (x === code_1.nil ? y : y === code_1.nil ? x : (0, code_1._) `${par(x)} ${op} ${par(y)}`);
}
function par(x) {
    return x instanceof code_1.Name ? x : (0, code_1._) `(${x})`;
}
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 7788:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.ValueScope = exports.ValueScopeName = exports.Scope = exports.varKinds = exports.UsedValueState = void 0;
const code_1 = __nccwpck_require__(567);
class ValueError extends Error {
    constructor(name) {
        super(`CodeGen: "code" for ${name} not defined`);
        this.value = name.value;
    }
}
var UsedValueState;
(function (UsedValueState) {
    UsedValueState[UsedValueState["Started"] = 0] = "Started";
    UsedValueState[UsedValueState["Completed"] = 1] = "Completed";
})(UsedValueState || (exports.UsedValueState = UsedValueState = {}));
exports.varKinds = {
    const: new code_1.Name("const"),
    let: new code_1.Name("let"),
    var: new code_1.Name("var"),
};
class Scope {
    constructor({ prefixes, parent } = {}) {
        this._names = {};
        this._prefixes = prefixes;
        this._parent = parent;
    }
    toName(nameOrPrefix) {
        return nameOrPrefix instanceof code_1.Name ? nameOrPrefix : this.name(nameOrPrefix);
    }
    name(prefix) {
        return new code_1.Name(this._newName(prefix));
    }
    _newName(prefix) {
        const ng = this._names[prefix] || this._nameGroup(prefix);
        return `${prefix}${ng.index++}`;
    }
    _nameGroup(prefix) {
        var _a, _b;
        if (((_b = (_a = this._parent) === null || _a === void 0 ? void 0 : _a._prefixes) === null || _b === void 0 ? void 0 : _b.has(prefix)) || (this._prefixes && !this._prefixes.has(prefix))) {
            throw new Error(`CodeGen: prefix "${prefix}" is not allowed in this scope`);
        }
        return (this._names[prefix] = { prefix, index: 0 });
    }
}
exports.Scope = Scope;
class ValueScopeName extends code_1.Name {
    constructor(prefix, nameStr) {
        super(nameStr);
        this.prefix = prefix;
    }
    setValue(value, { property, itemIndex }) {
        this.value = value;
        this.scopePath = (0, code_1._) `.${new code_1.Name(property)}[${itemIndex}]`;
    }
}
exports.ValueScopeName = ValueScopeName;
const line = (0, code_1._) `\n`;
class ValueScope extends Scope {
    constructor(opts) {
        super(opts);
        this._values = {};
        this._scope = opts.scope;
        this.opts = { ...opts, _n: opts.lines ? line : code_1.nil };
    }
    get() {
        return this._scope;
    }
    name(prefix) {
        return new ValueScopeName(prefix, this._newName(prefix));
    }
    value(nameOrPrefix, value) {
        var _a;
        if (value.ref === undefined)
            throw new Error("CodeGen: ref must be passed in value");
        const name = this.toName(nameOrPrefix);
        const { prefix } = name;
        const valueKey = (_a = value.key) !== null && _a !== void 0 ? _a : value.ref;
        let vs = this._values[prefix];
        if (vs) {
            const _name = vs.get(valueKey);
            if (_name)
                return _name;
        }
        else {
            vs = this._values[prefix] = new Map();
        }
        vs.set(valueKey, name);
        const s = this._scope[prefix] || (this._scope[prefix] = []);
        const itemIndex = s.length;
        s[itemIndex] = value.ref;
        name.setValue(value, { property: prefix, itemIndex });
        return name;
    }
    getValue(prefix, keyOrRef) {
        const vs = this._values[prefix];
        if (!vs)
            return;
        return vs.get(keyOrRef);
    }
    scopeRefs(scopeName, values = this._values) {
        return this._reduceValues(values, (name) => {
            if (name.scopePath === undefined)
                throw new Error(`CodeGen: name "${name}" has no value`);
            return (0, code_1._) `${scopeName}${name.scopePath}`;
        });
    }
    scopeCode(values = this._values, usedValues, getCode) {
        return this._reduceValues(values, (name) => {
            if (name.value === undefined)
                throw new Error(`CodeGen: name "${name}" has no value`);
            return name.value.code;
        }, usedValues, getCode);
    }
    _reduceValues(values, valueCode, usedValues = {}, getCode) {
        let code = code_1.nil;
        for (const prefix in values) {
            const vs = values[prefix];
            if (!vs)
                continue;
            const nameSet = (usedValues[prefix] = usedValues[prefix] || new Map());
            vs.forEach((name) => {
                if (nameSet.has(name))
                    return;
                nameSet.set(name, UsedValueState.Started);
                let c = valueCode(name);
                if (c) {
                    const def = this.opts.es5 ? exports.varKinds.var : exports.varKinds.const;
                    code = (0, code_1._) `${code}${def} ${name} = ${c};${this.opts._n}`;
                }
                else if ((c = getCode === null || getCode === void 0 ? void 0 : getCode(name))) {
                    code = (0, code_1._) `${code}${c}${this.opts._n}`;
                }
                else {
                    throw new ValueError(name);
                }
                nameSet.set(name, UsedValueState.Completed);
            });
        }
        return code;
    }
}
exports.ValueScope = ValueScope;
//# sourceMappingURL=scope.js.map

/***/ }),

/***/ 1283:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.extendErrors = exports.resetErrorsCount = exports.reportExtraError = exports.reportError = exports.keyword$DataError = exports.keywordError = void 0;
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const names_1 = __nccwpck_require__(630);
exports.keywordError = {
    message: ({ keyword }) => (0, codegen_1.str) `must pass "${keyword}" keyword validation`,
};
exports.keyword$DataError = {
    message: ({ keyword, schemaType }) => schemaType
        ? (0, codegen_1.str) `"${keyword}" keyword must be ${schemaType} ($data)`
        : (0, codegen_1.str) `"${keyword}" keyword is invalid ($data)`,
};
function reportError(cxt, error = exports.keywordError, errorPaths, overrideAllErrors) {
    const { it } = cxt;
    const { gen, compositeRule, allErrors } = it;
    const errObj = errorObjectCode(cxt, error, errorPaths);
    if (overrideAllErrors !== null && overrideAllErrors !== void 0 ? overrideAllErrors : (compositeRule || allErrors)) {
        addError(gen, errObj);
    }
    else {
        returnErrors(it, (0, codegen_1._) `[${errObj}]`);
    }
}
exports.reportError = reportError;
function reportExtraError(cxt, error = exports.keywordError, errorPaths) {
    const { it } = cxt;
    const { gen, compositeRule, allErrors } = it;
    const errObj = errorObjectCode(cxt, error, errorPaths);
    addError(gen, errObj);
    if (!(compositeRule || allErrors)) {
        returnErrors(it, names_1.default.vErrors);
    }
}
exports.reportExtraError = reportExtraError;
function resetErrorsCount(gen, errsCount) {
    gen.assign(names_1.default.errors, errsCount);
    gen.if((0, codegen_1._) `${names_1.default.vErrors} !== null`, () => gen.if(errsCount, () => gen.assign((0, codegen_1._) `${names_1.default.vErrors}.length`, errsCount), () => gen.assign(names_1.default.vErrors, null)));
}
exports.resetErrorsCount = resetErrorsCount;
function extendErrors({ gen, keyword, schemaValue, data, errsCount, it, }) {
    /* istanbul ignore if */
    if (errsCount === undefined)
        throw new Error("ajv implementation error");
    const err = gen.name("err");
    gen.forRange("i", errsCount, names_1.default.errors, (i) => {
        gen.const(err, (0, codegen_1._) `${names_1.default.vErrors}[${i}]`);
        gen.if((0, codegen_1._) `${err}.instancePath === undefined`, () => gen.assign((0, codegen_1._) `${err}.instancePath`, (0, codegen_1.strConcat)(names_1.default.instancePath, it.errorPath)));
        gen.assign((0, codegen_1._) `${err}.schemaPath`, (0, codegen_1.str) `${it.errSchemaPath}/${keyword}`);
        if (it.opts.verbose) {
            gen.assign((0, codegen_1._) `${err}.schema`, schemaValue);
            gen.assign((0, codegen_1._) `${err}.data`, data);
        }
    });
}
exports.extendErrors = extendErrors;
function addError(gen, errObj) {
    const err = gen.const("err", errObj);
    gen.if((0, codegen_1._) `${names_1.default.vErrors} === null`, () => gen.assign(names_1.default.vErrors, (0, codegen_1._) `[${err}]`), (0, codegen_1._) `${names_1.default.vErrors}.push(${err})`);
    gen.code((0, codegen_1._) `${names_1.default.errors}++`);
}
function returnErrors(it, errs) {
    const { gen, validateName, schemaEnv } = it;
    if (schemaEnv.$async) {
        gen.throw((0, codegen_1._) `new ${it.ValidationError}(${errs})`);
    }
    else {
        gen.assign((0, codegen_1._) `${validateName}.errors`, errs);
        gen.return(false);
    }
}
const E = {
    keyword: new codegen_1.Name("keyword"),
    schemaPath: new codegen_1.Name("schemaPath"), // also used in JTD errors
    params: new codegen_1.Name("params"),
    propertyName: new codegen_1.Name("propertyName"),
    message: new codegen_1.Name("message"),
    schema: new codegen_1.Name("schema"),
    parentSchema: new codegen_1.Name("parentSchema"),
};
function errorObjectCode(cxt, error, errorPaths) {
    const { createErrors } = cxt.it;
    if (createErrors === false)
        return (0, codegen_1._) `{}`;
    return errorObject(cxt, error, errorPaths);
}
function errorObject(cxt, error, errorPaths = {}) {
    const { gen, it } = cxt;
    const keyValues = [
        errorInstancePath(it, errorPaths),
        errorSchemaPath(cxt, errorPaths),
    ];
    extraErrorProps(cxt, error, keyValues);
    return gen.object(...keyValues);
}
function errorInstancePath({ errorPath }, { instancePath }) {
    const instPath = instancePath
        ? (0, codegen_1.str) `${errorPath}${(0, util_1.getErrorPath)(instancePath, util_1.Type.Str)}`
        : errorPath;
    return [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, instPath)];
}
function errorSchemaPath({ keyword, it: { errSchemaPath } }, { schemaPath, parentSchema }) {
    let schPath = parentSchema ? errSchemaPath : (0, codegen_1.str) `${errSchemaPath}/${keyword}`;
    if (schemaPath) {
        schPath = (0, codegen_1.str) `${schPath}${(0, util_1.getErrorPath)(schemaPath, util_1.Type.Str)}`;
    }
    return [E.schemaPath, schPath];
}
function extraErrorProps(cxt, { params, message }, keyValues) {
    const { keyword, data, schemaValue, it } = cxt;
    const { opts, propertyName, topSchemaRef, schemaPath } = it;
    keyValues.push([E.keyword, keyword], [E.params, typeof params == "function" ? params(cxt) : params || (0, codegen_1._) `{}`]);
    if (opts.messages) {
        keyValues.push([E.message, typeof message == "function" ? message(cxt) : message]);
    }
    if (opts.verbose) {
        keyValues.push([E.schema, schemaValue], [E.parentSchema, (0, codegen_1._) `${topSchemaRef}${schemaPath}`], [names_1.default.data, data]);
    }
    if (propertyName)
        keyValues.push([E.propertyName, propertyName]);
}
//# sourceMappingURL=errors.js.map

/***/ }),

/***/ 2718:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.resolveSchema = exports.getCompilingSchema = exports.resolveRef = exports.compileSchema = exports.SchemaEnv = void 0;
const codegen_1 = __nccwpck_require__(1436);
const validation_error_1 = __nccwpck_require__(3021);
const names_1 = __nccwpck_require__(630);
const resolve_1 = __nccwpck_require__(4090);
const util_1 = __nccwpck_require__(4464);
const validate_1 = __nccwpck_require__(7881);
class SchemaEnv {
    constructor(env) {
        var _a;
        this.refs = {};
        this.dynamicAnchors = {};
        let schema;
        if (typeof env.schema == "object")
            schema = env.schema;
        this.schema = env.schema;
        this.schemaId = env.schemaId;
        this.root = env.root || this;
        this.baseId = (_a = env.baseId) !== null && _a !== void 0 ? _a : (0, resolve_1.normalizeId)(schema === null || schema === void 0 ? void 0 : schema[env.schemaId || "$id"]);
        this.schemaPath = env.schemaPath;
        this.localRefs = env.localRefs;
        this.meta = env.meta;
        this.$async = schema === null || schema === void 0 ? void 0 : schema.$async;
        this.refs = {};
    }
}
exports.SchemaEnv = SchemaEnv;
// let codeSize = 0
// let nodeCount = 0
// Compiles schema in SchemaEnv
function compileSchema(sch) {
    // TODO refactor - remove compilations
    const _sch = getCompilingSchema.call(this, sch);
    if (_sch)
        return _sch;
    const rootId = (0, resolve_1.getFullPath)(this.opts.uriResolver, sch.root.baseId); // TODO if getFullPath removed 1 tests fails
    const { es5, lines } = this.opts.code;
    const { ownProperties } = this.opts;
    const gen = new codegen_1.CodeGen(this.scope, { es5, lines, ownProperties });
    let _ValidationError;
    if (sch.$async) {
        _ValidationError = gen.scopeValue("Error", {
            ref: validation_error_1.default,
            code: (0, codegen_1._) `require("ajv/dist/runtime/validation_error").default`,
        });
    }
    const validateName = gen.scopeName("validate");
    sch.validateName = validateName;
    const schemaCxt = {
        gen,
        allErrors: this.opts.allErrors,
        data: names_1.default.data,
        parentData: names_1.default.parentData,
        parentDataProperty: names_1.default.parentDataProperty,
        dataNames: [names_1.default.data],
        dataPathArr: [codegen_1.nil], // TODO can its length be used as dataLevel if nil is removed?
        dataLevel: 0,
        dataTypes: [],
        definedProperties: new Set(),
        topSchemaRef: gen.scopeValue("schema", this.opts.code.source === true
            ? { ref: sch.schema, code: (0, codegen_1.stringify)(sch.schema) }
            : { ref: sch.schema }),
        validateName,
        ValidationError: _ValidationError,
        schema: sch.schema,
        schemaEnv: sch,
        rootId,
        baseId: sch.baseId || rootId,
        schemaPath: codegen_1.nil,
        errSchemaPath: sch.schemaPath || (this.opts.jtd ? "" : "#"),
        errorPath: (0, codegen_1._) `""`,
        opts: this.opts,
        self: this,
    };
    let sourceCode;
    try {
        this._compilations.add(sch);
        (0, validate_1.validateFunctionCode)(schemaCxt);
        gen.optimize(this.opts.code.optimize);
        // gen.optimize(1)
        const validateCode = gen.toString();
        sourceCode = `${gen.scopeRefs(names_1.default.scope)}return ${validateCode}`;
        // console.log((codeSize += sourceCode.length), (nodeCount += gen.nodeCount))
        if (this.opts.code.process)
            sourceCode = this.opts.code.process(sourceCode, sch);
        // console.log("\n\n\n *** \n", sourceCode)
        const makeValidate = new Function(`${names_1.default.self}`, `${names_1.default.scope}`, sourceCode);
        const validate = makeValidate(this, this.scope.get());
        this.scope.value(validateName, { ref: validate });
        validate.errors = null;
        validate.schema = sch.schema;
        validate.schemaEnv = sch;
        if (sch.$async)
            validate.$async = true;
        if (this.opts.code.source === true) {
            validate.source = { validateName, validateCode, scopeValues: gen._values };
        }
        if (this.opts.unevaluated) {
            const { props, items } = schemaCxt;
            validate.evaluated = {
                props: props instanceof codegen_1.Name ? undefined : props,
                items: items instanceof codegen_1.Name ? undefined : items,
                dynamicProps: props instanceof codegen_1.Name,
                dynamicItems: items instanceof codegen_1.Name,
            };
            if (validate.source)
                validate.source.evaluated = (0, codegen_1.stringify)(validate.evaluated);
        }
        sch.validate = validate;
        return sch;
    }
    catch (e) {
        delete sch.validate;
        delete sch.validateName;
        if (sourceCode)
            this.logger.error("Error compiling schema, function code:", sourceCode);
        // console.log("\n\n\n *** \n", sourceCode, this.opts)
        throw e;
    }
    finally {
        this._compilations.delete(sch);
    }
}
exports.compileSchema = compileSchema;
function resolveRef(root, baseId, ref) {
    var _a;
    ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, ref);
    const schOrFunc = root.refs[ref];
    if (schOrFunc)
        return schOrFunc;
    let _sch = resolve.call(this, root, ref);
    if (_sch === undefined) {
        const schema = (_a = root.localRefs) === null || _a === void 0 ? void 0 : _a[ref]; // TODO maybe localRefs should hold SchemaEnv
        const { schemaId } = this.opts;
        if (schema)
            _sch = new SchemaEnv({ schema, schemaId, root, baseId });
    }
    if (_sch === undefined)
        return;
    return (root.refs[ref] = inlineOrCompile.call(this, _sch));
}
exports.resolveRef = resolveRef;
function inlineOrCompile(sch) {
    if ((0, resolve_1.inlineRef)(sch.schema, this.opts.inlineRefs))
        return sch.schema;
    return sch.validate ? sch : compileSchema.call(this, sch);
}
// Index of schema compilation in the currently compiled list
function getCompilingSchema(schEnv) {
    for (const sch of this._compilations) {
        if (sameSchemaEnv(sch, schEnv))
            return sch;
    }
}
exports.getCompilingSchema = getCompilingSchema;
function sameSchemaEnv(s1, s2) {
    return s1.schema === s2.schema && s1.root === s2.root && s1.baseId === s2.baseId;
}
// resolve and compile the references ($ref)
// TODO returns AnySchemaObject (if the schema can be inlined) or validation function
function resolve(root, // information about the root schema for the current schema
ref // reference to resolve
) {
    let sch;
    while (typeof (sch = this.refs[ref]) == "string")
        ref = sch;
    return sch || this.schemas[ref] || resolveSchema.call(this, root, ref);
}
// Resolve schema, its root and baseId
function resolveSchema(root, // root object with properties schema, refs TODO below SchemaEnv is assigned to it
ref // reference to resolve
) {
    const p = this.opts.uriResolver.parse(ref);
    const refPath = (0, resolve_1._getFullPath)(this.opts.uriResolver, p);
    let baseId = (0, resolve_1.getFullPath)(this.opts.uriResolver, root.baseId, undefined);
    // TODO `Object.keys(root.schema).length > 0` should not be needed - but removing breaks 2 tests
    if (Object.keys(root.schema).length > 0 && refPath === baseId) {
        return getJsonPointer.call(this, p, root);
    }
    const id = (0, resolve_1.normalizeId)(refPath);
    const schOrRef = this.refs[id] || this.schemas[id];
    if (typeof schOrRef == "string") {
        const sch = resolveSchema.call(this, root, schOrRef);
        if (typeof (sch === null || sch === void 0 ? void 0 : sch.schema) !== "object")
            return;
        return getJsonPointer.call(this, p, sch);
    }
    if (typeof (schOrRef === null || schOrRef === void 0 ? void 0 : schOrRef.schema) !== "object")
        return;
    if (!schOrRef.validate)
        compileSchema.call(this, schOrRef);
    if (id === (0, resolve_1.normalizeId)(ref)) {
        const { schema } = schOrRef;
        const { schemaId } = this.opts;
        const schId = schema[schemaId];
        if (schId)
            baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
        return new SchemaEnv({ schema, schemaId, root, baseId });
    }
    return getJsonPointer.call(this, p, schOrRef);
}
exports.resolveSchema = resolveSchema;
const PREVENT_SCOPE_CHANGE = new Set([
    "properties",
    "patternProperties",
    "enum",
    "dependencies",
    "definitions",
]);
function getJsonPointer(parsedRef, { baseId, schema, root }) {
    var _a;
    if (((_a = parsedRef.fragment) === null || _a === void 0 ? void 0 : _a[0]) !== "/")
        return;
    for (const part of parsedRef.fragment.slice(1).split("/")) {
        if (typeof schema === "boolean")
            return;
        const partSchema = schema[(0, util_1.unescapeFragment)(part)];
        if (partSchema === undefined)
            return;
        schema = partSchema;
        // TODO PREVENT_SCOPE_CHANGE could be defined in keyword def?
        const schId = typeof schema === "object" && schema[this.opts.schemaId];
        if (!PREVENT_SCOPE_CHANGE.has(part) && schId) {
            baseId = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schId);
        }
    }
    let env;
    if (typeof schema != "boolean" && schema.$ref && !(0, util_1.schemaHasRulesButRef)(schema, this.RULES)) {
        const $ref = (0, resolve_1.resolveUrl)(this.opts.uriResolver, baseId, schema.$ref);
        env = resolveSchema.call(this, root, $ref);
    }
    // even though resolution failed we need to return SchemaEnv to throw exception
    // so that compileAsync loads missing schema.
    const { schemaId } = this.opts;
    env = env || new SchemaEnv({ schema, schemaId, root, baseId });
    if (env.schema !== env.root.schema)
        return env;
    return undefined;
}
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 630:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const names = {
    // validation function arguments
    data: new codegen_1.Name("data"), // data passed to validation function
    // args passed from referencing schema
    valCxt: new codegen_1.Name("valCxt"), // validation/data context - should not be used directly, it is destructured to the names below
    instancePath: new codegen_1.Name("instancePath"),
    parentData: new codegen_1.Name("parentData"),
    parentDataProperty: new codegen_1.Name("parentDataProperty"),
    rootData: new codegen_1.Name("rootData"), // root data - same as the data passed to the first/top validation function
    dynamicAnchors: new codegen_1.Name("dynamicAnchors"), // used to support recursiveRef and dynamicRef
    // function scoped variables
    vErrors: new codegen_1.Name("vErrors"), // null or array of validation errors
    errors: new codegen_1.Name("errors"), // counter of validation errors
    this: new codegen_1.Name("this"),
    // "globals"
    self: new codegen_1.Name("self"),
    scope: new codegen_1.Name("scope"),
    // JTD serialize/parse name for JSON string and position
    json: new codegen_1.Name("json"),
    jsonPos: new codegen_1.Name("jsonPos"),
    jsonLen: new codegen_1.Name("jsonLen"),
    jsonPart: new codegen_1.Name("jsonPart"),
};
exports["default"] = names;
//# sourceMappingURL=names.js.map

/***/ }),

/***/ 3162:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const resolve_1 = __nccwpck_require__(4090);
class MissingRefError extends Error {
    constructor(resolver, baseId, ref, msg) {
        super(msg || `can't resolve reference ${ref} from id ${baseId}`);
        this.missingRef = (0, resolve_1.resolveUrl)(resolver, baseId, ref);
        this.missingSchema = (0, resolve_1.normalizeId)((0, resolve_1.getFullPath)(resolver, this.missingRef));
    }
}
exports["default"] = MissingRefError;
//# sourceMappingURL=ref_error.js.map

/***/ }),

/***/ 4090:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getSchemaRefs = exports.resolveUrl = exports.normalizeId = exports._getFullPath = exports.getFullPath = exports.inlineRef = void 0;
const util_1 = __nccwpck_require__(4464);
const equal = __nccwpck_require__(3430);
const traverse = __nccwpck_require__(1167);
// TODO refactor to use keyword definitions
const SIMPLE_INLINED = new Set([
    "type",
    "format",
    "pattern",
    "maxLength",
    "minLength",
    "maxProperties",
    "minProperties",
    "maxItems",
    "minItems",
    "maximum",
    "minimum",
    "uniqueItems",
    "multipleOf",
    "required",
    "enum",
    "const",
]);
function inlineRef(schema, limit = true) {
    if (typeof schema == "boolean")
        return true;
    if (limit === true)
        return !hasRef(schema);
    if (!limit)
        return false;
    return countKeys(schema) <= limit;
}
exports.inlineRef = inlineRef;
const REF_KEYWORDS = new Set([
    "$ref",
    "$recursiveRef",
    "$recursiveAnchor",
    "$dynamicRef",
    "$dynamicAnchor",
]);
function hasRef(schema) {
    for (const key in schema) {
        if (REF_KEYWORDS.has(key))
            return true;
        const sch = schema[key];
        if (Array.isArray(sch) && sch.some(hasRef))
            return true;
        if (typeof sch == "object" && hasRef(sch))
            return true;
    }
    return false;
}
function countKeys(schema) {
    let count = 0;
    for (const key in schema) {
        if (key === "$ref")
            return Infinity;
        count++;
        if (SIMPLE_INLINED.has(key))
            continue;
        if (typeof schema[key] == "object") {
            (0, util_1.eachItem)(schema[key], (sch) => (count += countKeys(sch)));
        }
        if (count === Infinity)
            return Infinity;
    }
    return count;
}
function getFullPath(resolver, id = "", normalize) {
    if (normalize !== false)
        id = normalizeId(id);
    const p = resolver.parse(id);
    return _getFullPath(resolver, p);
}
exports.getFullPath = getFullPath;
function _getFullPath(resolver, p) {
    const serialized = resolver.serialize(p);
    return serialized.split("#")[0] + "#";
}
exports._getFullPath = _getFullPath;
const TRAILING_SLASH_HASH = /#\/?$/;
function normalizeId(id) {
    return id ? id.replace(TRAILING_SLASH_HASH, "") : "";
}
exports.normalizeId = normalizeId;
function resolveUrl(resolver, baseId, id) {
    id = normalizeId(id);
    return resolver.resolve(baseId, id);
}
exports.resolveUrl = resolveUrl;
const ANCHOR = /^[a-z_][-a-z0-9._]*$/i;
function getSchemaRefs(schema, baseId) {
    if (typeof schema == "boolean")
        return {};
    const { schemaId, uriResolver } = this.opts;
    const schId = normalizeId(schema[schemaId] || baseId);
    const baseIds = { "": schId };
    const pathPrefix = getFullPath(uriResolver, schId, false);
    const localRefs = {};
    const schemaRefs = new Set();
    traverse(schema, { allKeys: true }, (sch, jsonPtr, _, parentJsonPtr) => {
        if (parentJsonPtr === undefined)
            return;
        const fullPath = pathPrefix + jsonPtr;
        let innerBaseId = baseIds[parentJsonPtr];
        if (typeof sch[schemaId] == "string")
            innerBaseId = addRef.call(this, sch[schemaId]);
        addAnchor.call(this, sch.$anchor);
        addAnchor.call(this, sch.$dynamicAnchor);
        baseIds[jsonPtr] = innerBaseId;
        function addRef(ref) {
            // eslint-disable-next-line @typescript-eslint/unbound-method
            const _resolve = this.opts.uriResolver.resolve;
            ref = normalizeId(innerBaseId ? _resolve(innerBaseId, ref) : ref);
            if (schemaRefs.has(ref))
                throw ambiguos(ref);
            schemaRefs.add(ref);
            let schOrRef = this.refs[ref];
            if (typeof schOrRef == "string")
                schOrRef = this.refs[schOrRef];
            if (typeof schOrRef == "object") {
                checkAmbiguosRef(sch, schOrRef.schema, ref);
            }
            else if (ref !== normalizeId(fullPath)) {
                if (ref[0] === "#") {
                    checkAmbiguosRef(sch, localRefs[ref], ref);
                    localRefs[ref] = sch;
                }
                else {
                    this.refs[ref] = fullPath;
                }
            }
            return ref;
        }
        function addAnchor(anchor) {
            if (typeof anchor == "string") {
                if (!ANCHOR.test(anchor))
                    throw new Error(`invalid anchor "${anchor}"`);
                addRef.call(this, `#${anchor}`);
            }
        }
    });
    return localRefs;
    function checkAmbiguosRef(sch1, sch2, ref) {
        if (sch2 !== undefined && !equal(sch1, sch2))
            throw ambiguos(ref);
    }
    function ambiguos(ref) {
        return new Error(`reference "${ref}" resolves to more than one schema`);
    }
}
exports.getSchemaRefs = getSchemaRefs;
//# sourceMappingURL=resolve.js.map

/***/ }),

/***/ 7353:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getRules = exports.isJSONType = void 0;
const _jsonTypes = ["string", "number", "integer", "boolean", "null", "object", "array"];
const jsonTypes = new Set(_jsonTypes);
function isJSONType(x) {
    return typeof x == "string" && jsonTypes.has(x);
}
exports.isJSONType = isJSONType;
function getRules() {
    const groups = {
        number: { type: "number", rules: [] },
        string: { type: "string", rules: [] },
        array: { type: "array", rules: [] },
        object: { type: "object", rules: [] },
    };
    return {
        types: { ...groups, integer: true, boolean: true, null: true },
        rules: [{ rules: [] }, groups.number, groups.string, groups.array, groups.object],
        post: { rules: [] },
        all: {},
        keywords: {},
    };
}
exports.getRules = getRules;
//# sourceMappingURL=rules.js.map

/***/ }),

/***/ 4464:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.checkStrictMode = exports.getErrorPath = exports.Type = exports.useFunc = exports.setEvaluated = exports.evaluatedPropsToName = exports.mergeEvaluated = exports.eachItem = exports.unescapeJsonPointer = exports.escapeJsonPointer = exports.escapeFragment = exports.unescapeFragment = exports.schemaRefOrVal = exports.schemaHasRulesButRef = exports.schemaHasRules = exports.checkUnknownRules = exports.alwaysValidSchema = exports.toHash = void 0;
const codegen_1 = __nccwpck_require__(1436);
const code_1 = __nccwpck_require__(567);
// TODO refactor to use Set
function toHash(arr) {
    const hash = {};
    for (const item of arr)
        hash[item] = true;
    return hash;
}
exports.toHash = toHash;
function alwaysValidSchema(it, schema) {
    if (typeof schema == "boolean")
        return schema;
    if (Object.keys(schema).length === 0)
        return true;
    checkUnknownRules(it, schema);
    return !schemaHasRules(schema, it.self.RULES.all);
}
exports.alwaysValidSchema = alwaysValidSchema;
function checkUnknownRules(it, schema = it.schema) {
    const { opts, self } = it;
    if (!opts.strictSchema)
        return;
    if (typeof schema === "boolean")
        return;
    const rules = self.RULES.keywords;
    for (const key in schema) {
        if (!rules[key])
            checkStrictMode(it, `unknown keyword: "${key}"`);
    }
}
exports.checkUnknownRules = checkUnknownRules;
function schemaHasRules(schema, rules) {
    if (typeof schema == "boolean")
        return !schema;
    for (const key in schema)
        if (rules[key])
            return true;
    return false;
}
exports.schemaHasRules = schemaHasRules;
function schemaHasRulesButRef(schema, RULES) {
    if (typeof schema == "boolean")
        return !schema;
    for (const key in schema)
        if (key !== "$ref" && RULES.all[key])
            return true;
    return false;
}
exports.schemaHasRulesButRef = schemaHasRulesButRef;
function schemaRefOrVal({ topSchemaRef, schemaPath }, schema, keyword, $data) {
    if (!$data) {
        if (typeof schema == "number" || typeof schema == "boolean")
            return schema;
        if (typeof schema == "string")
            return (0, codegen_1._) `${schema}`;
    }
    return (0, codegen_1._) `${topSchemaRef}${schemaPath}${(0, codegen_1.getProperty)(keyword)}`;
}
exports.schemaRefOrVal = schemaRefOrVal;
function unescapeFragment(str) {
    return unescapeJsonPointer(decodeURIComponent(str));
}
exports.unescapeFragment = unescapeFragment;
function escapeFragment(str) {
    return encodeURIComponent(escapeJsonPointer(str));
}
exports.escapeFragment = escapeFragment;
function escapeJsonPointer(str) {
    if (typeof str == "number")
        return `${str}`;
    return str.replace(/~/g, "~0").replace(/\//g, "~1");
}
exports.escapeJsonPointer = escapeJsonPointer;
function unescapeJsonPointer(str) {
    return str.replace(/~1/g, "/").replace(/~0/g, "~");
}
exports.unescapeJsonPointer = unescapeJsonPointer;
function eachItem(xs, f) {
    if (Array.isArray(xs)) {
        for (const x of xs)
            f(x);
    }
    else {
        f(xs);
    }
}
exports.eachItem = eachItem;
function makeMergeEvaluated({ mergeNames, mergeToName, mergeValues, resultToName, }) {
    return (gen, from, to, toName) => {
        const res = to === undefined
            ? from
            : to instanceof codegen_1.Name
                ? (from instanceof codegen_1.Name ? mergeNames(gen, from, to) : mergeToName(gen, from, to), to)
                : from instanceof codegen_1.Name
                    ? (mergeToName(gen, to, from), from)
                    : mergeValues(from, to);
        return toName === codegen_1.Name && !(res instanceof codegen_1.Name) ? resultToName(gen, res) : res;
    };
}
exports.mergeEvaluated = {
    props: makeMergeEvaluated({
        mergeNames: (gen, from, to) => gen.if((0, codegen_1._) `${to} !== true && ${from} !== undefined`, () => {
            gen.if((0, codegen_1._) `${from} === true`, () => gen.assign(to, true), () => gen.assign(to, (0, codegen_1._) `${to} || {}`).code((0, codegen_1._) `Object.assign(${to}, ${from})`));
        }),
        mergeToName: (gen, from, to) => gen.if((0, codegen_1._) `${to} !== true`, () => {
            if (from === true) {
                gen.assign(to, true);
            }
            else {
                gen.assign(to, (0, codegen_1._) `${to} || {}`);
                setEvaluated(gen, to, from);
            }
        }),
        mergeValues: (from, to) => (from === true ? true : { ...from, ...to }),
        resultToName: evaluatedPropsToName,
    }),
    items: makeMergeEvaluated({
        mergeNames: (gen, from, to) => gen.if((0, codegen_1._) `${to} !== true && ${from} !== undefined`, () => gen.assign(to, (0, codegen_1._) `${from} === true ? true : ${to} > ${from} ? ${to} : ${from}`)),
        mergeToName: (gen, from, to) => gen.if((0, codegen_1._) `${to} !== true`, () => gen.assign(to, from === true ? true : (0, codegen_1._) `${to} > ${from} ? ${to} : ${from}`)),
        mergeValues: (from, to) => (from === true ? true : Math.max(from, to)),
        resultToName: (gen, items) => gen.var("items", items),
    }),
};
function evaluatedPropsToName(gen, ps) {
    if (ps === true)
        return gen.var("props", true);
    const props = gen.var("props", (0, codegen_1._) `{}`);
    if (ps !== undefined)
        setEvaluated(gen, props, ps);
    return props;
}
exports.evaluatedPropsToName = evaluatedPropsToName;
function setEvaluated(gen, props, ps) {
    Object.keys(ps).forEach((p) => gen.assign((0, codegen_1._) `${props}${(0, codegen_1.getProperty)(p)}`, true));
}
exports.setEvaluated = setEvaluated;
const snippets = {};
function useFunc(gen, f) {
    return gen.scopeValue("func", {
        ref: f,
        code: snippets[f.code] || (snippets[f.code] = new code_1._Code(f.code)),
    });
}
exports.useFunc = useFunc;
var Type;
(function (Type) {
    Type[Type["Num"] = 0] = "Num";
    Type[Type["Str"] = 1] = "Str";
})(Type || (exports.Type = Type = {}));
function getErrorPath(dataProp, dataPropType, jsPropertySyntax) {
    // let path
    if (dataProp instanceof codegen_1.Name) {
        const isNumber = dataPropType === Type.Num;
        return jsPropertySyntax
            ? isNumber
                ? (0, codegen_1._) `"[" + ${dataProp} + "]"`
                : (0, codegen_1._) `"['" + ${dataProp} + "']"`
            : isNumber
                ? (0, codegen_1._) `"/" + ${dataProp}`
                : (0, codegen_1._) `"/" + ${dataProp}.replace(/~/g, "~0").replace(/\\//g, "~1")`; // TODO maybe use global escapePointer
    }
    return jsPropertySyntax ? (0, codegen_1.getProperty)(dataProp).toString() : "/" + escapeJsonPointer(dataProp);
}
exports.getErrorPath = getErrorPath;
function checkStrictMode(it, msg, mode = it.opts.strictSchema) {
    if (!mode)
        return;
    msg = `strict mode: ${msg}`;
    if (mode === true)
        throw new Error(msg);
    it.self.logger.warn(msg);
}
exports.checkStrictMode = checkStrictMode;
//# sourceMappingURL=util.js.map

/***/ }),

/***/ 7692:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.shouldUseRule = exports.shouldUseGroup = exports.schemaHasRulesForType = void 0;
function schemaHasRulesForType({ schema, self }, type) {
    const group = self.RULES.types[type];
    return group && group !== true && shouldUseGroup(schema, group);
}
exports.schemaHasRulesForType = schemaHasRulesForType;
function shouldUseGroup(schema, group) {
    return group.rules.some((rule) => shouldUseRule(schema, rule));
}
exports.shouldUseGroup = shouldUseGroup;
function shouldUseRule(schema, rule) {
    var _a;
    return (schema[rule.keyword] !== undefined ||
        ((_a = rule.definition.implements) === null || _a === void 0 ? void 0 : _a.some((kwd) => schema[kwd] !== undefined)));
}
exports.shouldUseRule = shouldUseRule;
//# sourceMappingURL=applicability.js.map

/***/ }),

/***/ 5346:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.boolOrEmptySchema = exports.topBoolOrEmptySchema = void 0;
const errors_1 = __nccwpck_require__(1283);
const codegen_1 = __nccwpck_require__(1436);
const names_1 = __nccwpck_require__(630);
const boolError = {
    message: "boolean schema is false",
};
function topBoolOrEmptySchema(it) {
    const { gen, schema, validateName } = it;
    if (schema === false) {
        falseSchemaError(it, false);
    }
    else if (typeof schema == "object" && schema.$async === true) {
        gen.return(names_1.default.data);
    }
    else {
        gen.assign((0, codegen_1._) `${validateName}.errors`, null);
        gen.return(true);
    }
}
exports.topBoolOrEmptySchema = topBoolOrEmptySchema;
function boolOrEmptySchema(it, valid) {
    const { gen, schema } = it;
    if (schema === false) {
        gen.var(valid, false); // TODO var
        falseSchemaError(it);
    }
    else {
        gen.var(valid, true); // TODO var
    }
}
exports.boolOrEmptySchema = boolOrEmptySchema;
function falseSchemaError(it, overrideAllErrors) {
    const { gen, data } = it;
    // TODO maybe some other interface should be used for non-keyword validation errors...
    const cxt = {
        gen,
        keyword: "false schema",
        data,
        schema: false,
        schemaCode: false,
        schemaValue: false,
        params: {},
        it,
    };
    (0, errors_1.reportError)(cxt, boolError, undefined, overrideAllErrors);
}
//# sourceMappingURL=boolSchema.js.map

/***/ }),

/***/ 6685:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.reportTypeError = exports.checkDataTypes = exports.checkDataType = exports.coerceAndCheckDataType = exports.getJSONTypes = exports.getSchemaTypes = exports.DataType = void 0;
const rules_1 = __nccwpck_require__(7353);
const applicability_1 = __nccwpck_require__(7692);
const errors_1 = __nccwpck_require__(1283);
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
var DataType;
(function (DataType) {
    DataType[DataType["Correct"] = 0] = "Correct";
    DataType[DataType["Wrong"] = 1] = "Wrong";
})(DataType || (exports.DataType = DataType = {}));
function getSchemaTypes(schema) {
    const types = getJSONTypes(schema.type);
    const hasNull = types.includes("null");
    if (hasNull) {
        if (schema.nullable === false)
            throw new Error("type: null contradicts nullable: false");
    }
    else {
        if (!types.length && schema.nullable !== undefined) {
            throw new Error('"nullable" cannot be used without "type"');
        }
        if (schema.nullable === true)
            types.push("null");
    }
    return types;
}
exports.getSchemaTypes = getSchemaTypes;
// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents
function getJSONTypes(ts) {
    const types = Array.isArray(ts) ? ts : ts ? [ts] : [];
    if (types.every(rules_1.isJSONType))
        return types;
    throw new Error("type must be JSONType or JSONType[]: " + types.join(","));
}
exports.getJSONTypes = getJSONTypes;
function coerceAndCheckDataType(it, types) {
    const { gen, data, opts } = it;
    const coerceTo = coerceToTypes(types, opts.coerceTypes);
    const checkTypes = types.length > 0 &&
        !(coerceTo.length === 0 && types.length === 1 && (0, applicability_1.schemaHasRulesForType)(it, types[0]));
    if (checkTypes) {
        const wrongType = checkDataTypes(types, data, opts.strictNumbers, DataType.Wrong);
        gen.if(wrongType, () => {
            if (coerceTo.length)
                coerceData(it, types, coerceTo);
            else
                reportTypeError(it);
        });
    }
    return checkTypes;
}
exports.coerceAndCheckDataType = coerceAndCheckDataType;
const COERCIBLE = new Set(["string", "number", "integer", "boolean", "null"]);
function coerceToTypes(types, coerceTypes) {
    return coerceTypes
        ? types.filter((t) => COERCIBLE.has(t) || (coerceTypes === "array" && t === "array"))
        : [];
}
function coerceData(it, types, coerceTo) {
    const { gen, data, opts } = it;
    const dataType = gen.let("dataType", (0, codegen_1._) `typeof ${data}`);
    const coerced = gen.let("coerced", (0, codegen_1._) `undefined`);
    if (opts.coerceTypes === "array") {
        gen.if((0, codegen_1._) `${dataType} == 'object' && Array.isArray(${data}) && ${data}.length == 1`, () => gen
            .assign(data, (0, codegen_1._) `${data}[0]`)
            .assign(dataType, (0, codegen_1._) `typeof ${data}`)
            .if(checkDataTypes(types, data, opts.strictNumbers), () => gen.assign(coerced, data)));
    }
    gen.if((0, codegen_1._) `${coerced} !== undefined`);
    for (const t of coerceTo) {
        if (COERCIBLE.has(t) || (t === "array" && opts.coerceTypes === "array")) {
            coerceSpecificType(t);
        }
    }
    gen.else();
    reportTypeError(it);
    gen.endIf();
    gen.if((0, codegen_1._) `${coerced} !== undefined`, () => {
        gen.assign(data, coerced);
        assignParentData(it, coerced);
    });
    function coerceSpecificType(t) {
        switch (t) {
            case "string":
                gen
                    .elseIf((0, codegen_1._) `${dataType} == "number" || ${dataType} == "boolean"`)
                    .assign(coerced, (0, codegen_1._) `"" + ${data}`)
                    .elseIf((0, codegen_1._) `${data} === null`)
                    .assign(coerced, (0, codegen_1._) `""`);
                return;
            case "number":
                gen
                    .elseIf((0, codegen_1._) `${dataType} == "boolean" || ${data} === null
              || (${dataType} == "string" && ${data} && ${data} == +${data})`)
                    .assign(coerced, (0, codegen_1._) `+${data}`);
                return;
            case "integer":
                gen
                    .elseIf((0, codegen_1._) `${dataType} === "boolean" || ${data} === null
              || (${dataType} === "string" && ${data} && ${data} == +${data} && !(${data} % 1))`)
                    .assign(coerced, (0, codegen_1._) `+${data}`);
                return;
            case "boolean":
                gen
                    .elseIf((0, codegen_1._) `${data} === "false" || ${data} === 0 || ${data} === null`)
                    .assign(coerced, false)
                    .elseIf((0, codegen_1._) `${data} === "true" || ${data} === 1`)
                    .assign(coerced, true);
                return;
            case "null":
                gen.elseIf((0, codegen_1._) `${data} === "" || ${data} === 0 || ${data} === false`);
                gen.assign(coerced, null);
                return;
            case "array":
                gen
                    .elseIf((0, codegen_1._) `${dataType} === "string" || ${dataType} === "number"
              || ${dataType} === "boolean" || ${data} === null`)
                    .assign(coerced, (0, codegen_1._) `[${data}]`);
        }
    }
}
function assignParentData({ gen, parentData, parentDataProperty }, expr) {
    // TODO use gen.property
    gen.if((0, codegen_1._) `${parentData} !== undefined`, () => gen.assign((0, codegen_1._) `${parentData}[${parentDataProperty}]`, expr));
}
function checkDataType(dataType, data, strictNums, correct = DataType.Correct) {
    const EQ = correct === DataType.Correct ? codegen_1.operators.EQ : codegen_1.operators.NEQ;
    let cond;
    switch (dataType) {
        case "null":
            return (0, codegen_1._) `${data} ${EQ} null`;
        case "array":
            cond = (0, codegen_1._) `Array.isArray(${data})`;
            break;
        case "object":
            cond = (0, codegen_1._) `${data} && typeof ${data} == "object" && !Array.isArray(${data})`;
            break;
        case "integer":
            cond = numCond((0, codegen_1._) `!(${data} % 1) && !isNaN(${data})`);
            break;
        case "number":
            cond = numCond();
            break;
        default:
            return (0, codegen_1._) `typeof ${data} ${EQ} ${dataType}`;
    }
    return correct === DataType.Correct ? cond : (0, codegen_1.not)(cond);
    function numCond(_cond = codegen_1.nil) {
        return (0, codegen_1.and)((0, codegen_1._) `typeof ${data} == "number"`, _cond, strictNums ? (0, codegen_1._) `isFinite(${data})` : codegen_1.nil);
    }
}
exports.checkDataType = checkDataType;
function checkDataTypes(dataTypes, data, strictNums, correct) {
    if (dataTypes.length === 1) {
        return checkDataType(dataTypes[0], data, strictNums, correct);
    }
    let cond;
    const types = (0, util_1.toHash)(dataTypes);
    if (types.array && types.object) {
        const notObj = (0, codegen_1._) `typeof ${data} != "object"`;
        cond = types.null ? notObj : (0, codegen_1._) `!${data} || ${notObj}`;
        delete types.null;
        delete types.array;
        delete types.object;
    }
    else {
        cond = codegen_1.nil;
    }
    if (types.number)
        delete types.integer;
    for (const t in types)
        cond = (0, codegen_1.and)(cond, checkDataType(t, data, strictNums, correct));
    return cond;
}
exports.checkDataTypes = checkDataTypes;
const typeError = {
    message: ({ schema }) => `must be ${schema}`,
    params: ({ schema, schemaValue }) => typeof schema == "string" ? (0, codegen_1._) `{type: ${schema}}` : (0, codegen_1._) `{type: ${schemaValue}}`,
};
function reportTypeError(it) {
    const cxt = getTypeErrorContext(it);
    (0, errors_1.reportError)(cxt, typeError);
}
exports.reportTypeError = reportTypeError;
function getTypeErrorContext(it) {
    const { gen, data, schema } = it;
    const schemaCode = (0, util_1.schemaRefOrVal)(it, schema, "type");
    return {
        gen,
        keyword: "type",
        data,
        schema: schema.type,
        schemaCode,
        schemaValue: schemaCode,
        parentSchema: schema,
        params: {},
        it,
    };
}
//# sourceMappingURL=dataType.js.map

/***/ }),

/***/ 1699:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.assignDefaults = void 0;
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
function assignDefaults(it, ty) {
    const { properties, items } = it.schema;
    if (ty === "object" && properties) {
        for (const key in properties) {
            assignDefault(it, key, properties[key].default);
        }
    }
    else if (ty === "array" && Array.isArray(items)) {
        items.forEach((sch, i) => assignDefault(it, i, sch.default));
    }
}
exports.assignDefaults = assignDefaults;
function assignDefault(it, prop, defaultValue) {
    const { gen, compositeRule, data, opts } = it;
    if (defaultValue === undefined)
        return;
    const childData = (0, codegen_1._) `${data}${(0, codegen_1.getProperty)(prop)}`;
    if (compositeRule) {
        (0, util_1.checkStrictMode)(it, `default is ignored for: ${childData}`);
        return;
    }
    let condition = (0, codegen_1._) `${childData} === undefined`;
    if (opts.useDefaults === "empty") {
        condition = (0, codegen_1._) `${condition} || ${childData} === null || ${childData} === ""`;
    }
    // `${childData} === undefined` +
    // (opts.useDefaults === "empty" ? ` || ${childData} === null || ${childData} === ""` : "")
    gen.if(condition, (0, codegen_1._) `${childData} = ${(0, codegen_1.stringify)(defaultValue)}`);
}
//# sourceMappingURL=defaults.js.map

/***/ }),

/***/ 7881:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.getData = exports.KeywordCxt = exports.validateFunctionCode = void 0;
const boolSchema_1 = __nccwpck_require__(5346);
const dataType_1 = __nccwpck_require__(6685);
const applicability_1 = __nccwpck_require__(7692);
const dataType_2 = __nccwpck_require__(6685);
const defaults_1 = __nccwpck_require__(1699);
const keyword_1 = __nccwpck_require__(5202);
const subschema_1 = __nccwpck_require__(6200);
const codegen_1 = __nccwpck_require__(1436);
const names_1 = __nccwpck_require__(630);
const resolve_1 = __nccwpck_require__(4090);
const util_1 = __nccwpck_require__(4464);
const errors_1 = __nccwpck_require__(1283);
// schema compilation - generates validation function, subschemaCode (below) is used for subschemas
function validateFunctionCode(it) {
    if (isSchemaObj(it)) {
        checkKeywords(it);
        if (schemaCxtHasRules(it)) {
            topSchemaObjCode(it);
            return;
        }
    }
    validateFunction(it, () => (0, boolSchema_1.topBoolOrEmptySchema)(it));
}
exports.validateFunctionCode = validateFunctionCode;
function validateFunction({ gen, validateName, schema, schemaEnv, opts }, body) {
    if (opts.code.es5) {
        gen.func(validateName, (0, codegen_1._) `${names_1.default.data}, ${names_1.default.valCxt}`, schemaEnv.$async, () => {
            gen.code((0, codegen_1._) `"use strict"; ${funcSourceUrl(schema, opts)}`);
            destructureValCxtES5(gen, opts);
            gen.code(body);
        });
    }
    else {
        gen.func(validateName, (0, codegen_1._) `${names_1.default.data}, ${destructureValCxt(opts)}`, schemaEnv.$async, () => gen.code(funcSourceUrl(schema, opts)).code(body));
    }
}
function destructureValCxt(opts) {
    return (0, codegen_1._) `{${names_1.default.instancePath}="", ${names_1.default.parentData}, ${names_1.default.parentDataProperty}, ${names_1.default.rootData}=${names_1.default.data}${opts.dynamicRef ? (0, codegen_1._) `, ${names_1.default.dynamicAnchors}={}` : codegen_1.nil}}={}`;
}
function destructureValCxtES5(gen, opts) {
    gen.if(names_1.default.valCxt, () => {
        gen.var(names_1.default.instancePath, (0, codegen_1._) `${names_1.default.valCxt}.${names_1.default.instancePath}`);
        gen.var(names_1.default.parentData, (0, codegen_1._) `${names_1.default.valCxt}.${names_1.default.parentData}`);
        gen.var(names_1.default.parentDataProperty, (0, codegen_1._) `${names_1.default.valCxt}.${names_1.default.parentDataProperty}`);
        gen.var(names_1.default.rootData, (0, codegen_1._) `${names_1.default.valCxt}.${names_1.default.rootData}`);
        if (opts.dynamicRef)
            gen.var(names_1.default.dynamicAnchors, (0, codegen_1._) `${names_1.default.valCxt}.${names_1.default.dynamicAnchors}`);
    }, () => {
        gen.var(names_1.default.instancePath, (0, codegen_1._) `""`);
        gen.var(names_1.default.parentData, (0, codegen_1._) `undefined`);
        gen.var(names_1.default.parentDataProperty, (0, codegen_1._) `undefined`);
        gen.var(names_1.default.rootData, names_1.default.data);
        if (opts.dynamicRef)
            gen.var(names_1.default.dynamicAnchors, (0, codegen_1._) `{}`);
    });
}
function topSchemaObjCode(it) {
    const { schema, opts, gen } = it;
    validateFunction(it, () => {
        if (opts.$comment && schema.$comment)
            commentKeyword(it);
        checkNoDefault(it);
        gen.let(names_1.default.vErrors, null);
        gen.let(names_1.default.errors, 0);
        if (opts.unevaluated)
            resetEvaluated(it);
        typeAndKeywords(it);
        returnResults(it);
    });
    return;
}
function resetEvaluated(it) {
    // TODO maybe some hook to execute it in the end to check whether props/items are Name, as in assignEvaluated
    const { gen, validateName } = it;
    it.evaluated = gen.const("evaluated", (0, codegen_1._) `${validateName}.evaluated`);
    gen.if((0, codegen_1._) `${it.evaluated}.dynamicProps`, () => gen.assign((0, codegen_1._) `${it.evaluated}.props`, (0, codegen_1._) `undefined`));
    gen.if((0, codegen_1._) `${it.evaluated}.dynamicItems`, () => gen.assign((0, codegen_1._) `${it.evaluated}.items`, (0, codegen_1._) `undefined`));
}
function funcSourceUrl(schema, opts) {
    const schId = typeof schema == "object" && schema[opts.schemaId];
    return schId && (opts.code.source || opts.code.process) ? (0, codegen_1._) `/*# sourceURL=${schId} */` : codegen_1.nil;
}
// schema compilation - this function is used recursively to generate code for sub-schemas
function subschemaCode(it, valid) {
    if (isSchemaObj(it)) {
        checkKeywords(it);
        if (schemaCxtHasRules(it)) {
            subSchemaObjCode(it, valid);
            return;
        }
    }
    (0, boolSchema_1.boolOrEmptySchema)(it, valid);
}
function schemaCxtHasRules({ schema, self }) {
    if (typeof schema == "boolean")
        return !schema;
    for (const key in schema)
        if (self.RULES.all[key])
            return true;
    return false;
}
function isSchemaObj(it) {
    return typeof it.schema != "boolean";
}
function subSchemaObjCode(it, valid) {
    const { schema, gen, opts } = it;
    if (opts.$comment && schema.$comment)
        commentKeyword(it);
    updateContext(it);
    checkAsyncSchema(it);
    const errsCount = gen.const("_errs", names_1.default.errors);
    typeAndKeywords(it, errsCount);
    // TODO var
    gen.var(valid, (0, codegen_1._) `${errsCount} === ${names_1.default.errors}`);
}
function checkKeywords(it) {
    (0, util_1.checkUnknownRules)(it);
    checkRefsAndKeywords(it);
}
function typeAndKeywords(it, errsCount) {
    if (it.opts.jtd)
        return schemaKeywords(it, [], false, errsCount);
    const types = (0, dataType_1.getSchemaTypes)(it.schema);
    const checkedTypes = (0, dataType_1.coerceAndCheckDataType)(it, types);
    schemaKeywords(it, types, !checkedTypes, errsCount);
}
function checkRefsAndKeywords(it) {
    const { schema, errSchemaPath, opts, self } = it;
    if (schema.$ref && opts.ignoreKeywordsWithRef && (0, util_1.schemaHasRulesButRef)(schema, self.RULES)) {
        self.logger.warn(`$ref: keywords ignored in schema at path "${errSchemaPath}"`);
    }
}
function checkNoDefault(it) {
    const { schema, opts } = it;
    if (schema.default !== undefined && opts.useDefaults && opts.strictSchema) {
        (0, util_1.checkStrictMode)(it, "default is ignored in the schema root");
    }
}
function updateContext(it) {
    const schId = it.schema[it.opts.schemaId];
    if (schId)
        it.baseId = (0, resolve_1.resolveUrl)(it.opts.uriResolver, it.baseId, schId);
}
function checkAsyncSchema(it) {
    if (it.schema.$async && !it.schemaEnv.$async)
        throw new Error("async schema in sync schema");
}
function commentKeyword({ gen, schemaEnv, schema, errSchemaPath, opts }) {
    const msg = schema.$comment;
    if (opts.$comment === true) {
        gen.code((0, codegen_1._) `${names_1.default.self}.logger.log(${msg})`);
    }
    else if (typeof opts.$comment == "function") {
        const schemaPath = (0, codegen_1.str) `${errSchemaPath}/$comment`;
        const rootName = gen.scopeValue("root", { ref: schemaEnv.root });
        gen.code((0, codegen_1._) `${names_1.default.self}.opts.$comment(${msg}, ${schemaPath}, ${rootName}.schema)`);
    }
}
function returnResults(it) {
    const { gen, schemaEnv, validateName, ValidationError, opts } = it;
    if (schemaEnv.$async) {
        // TODO assign unevaluated
        gen.if((0, codegen_1._) `${names_1.default.errors} === 0`, () => gen.return(names_1.default.data), () => gen.throw((0, codegen_1._) `new ${ValidationError}(${names_1.default.vErrors})`));
    }
    else {
        gen.assign((0, codegen_1._) `${validateName}.errors`, names_1.default.vErrors);
        if (opts.unevaluated)
            assignEvaluated(it);
        gen.return((0, codegen_1._) `${names_1.default.errors} === 0`);
    }
}
function assignEvaluated({ gen, evaluated, props, items }) {
    if (props instanceof codegen_1.Name)
        gen.assign((0, codegen_1._) `${evaluated}.props`, props);
    if (items instanceof codegen_1.Name)
        gen.assign((0, codegen_1._) `${evaluated}.items`, items);
}
function schemaKeywords(it, types, typeErrors, errsCount) {
    const { gen, schema, data, allErrors, opts, self } = it;
    const { RULES } = self;
    if (schema.$ref && (opts.ignoreKeywordsWithRef || !(0, util_1.schemaHasRulesButRef)(schema, RULES))) {
        gen.block(() => keywordCode(it, "$ref", RULES.all.$ref.definition)); // TODO typecast
        return;
    }
    if (!opts.jtd)
        checkStrictTypes(it, types);
    gen.block(() => {
        for (const group of RULES.rules)
            groupKeywords(group);
        groupKeywords(RULES.post);
    });
    function groupKeywords(group) {
        if (!(0, applicability_1.shouldUseGroup)(schema, group))
            return;
        if (group.type) {
            gen.if((0, dataType_2.checkDataType)(group.type, data, opts.strictNumbers));
            iterateKeywords(it, group);
            if (types.length === 1 && types[0] === group.type && typeErrors) {
                gen.else();
                (0, dataType_2.reportTypeError)(it);
            }
            gen.endIf();
        }
        else {
            iterateKeywords(it, group);
        }
        // TODO make it "ok" call?
        if (!allErrors)
            gen.if((0, codegen_1._) `${names_1.default.errors} === ${errsCount || 0}`);
    }
}
function iterateKeywords(it, group) {
    const { gen, schema, opts: { useDefaults }, } = it;
    if (useDefaults)
        (0, defaults_1.assignDefaults)(it, group.type);
    gen.block(() => {
        for (const rule of group.rules) {
            if ((0, applicability_1.shouldUseRule)(schema, rule)) {
                keywordCode(it, rule.keyword, rule.definition, group.type);
            }
        }
    });
}
function checkStrictTypes(it, types) {
    if (it.schemaEnv.meta || !it.opts.strictTypes)
        return;
    checkContextTypes(it, types);
    if (!it.opts.allowUnionTypes)
        checkMultipleTypes(it, types);
    checkKeywordTypes(it, it.dataTypes);
}
function checkContextTypes(it, types) {
    if (!types.length)
        return;
    if (!it.dataTypes.length) {
        it.dataTypes = types;
        return;
    }
    types.forEach((t) => {
        if (!includesType(it.dataTypes, t)) {
            strictTypesError(it, `type "${t}" not allowed by context "${it.dataTypes.join(",")}"`);
        }
    });
    narrowSchemaTypes(it, types);
}
function checkMultipleTypes(it, ts) {
    if (ts.length > 1 && !(ts.length === 2 && ts.includes("null"))) {
        strictTypesError(it, "use allowUnionTypes to allow union type keyword");
    }
}
function checkKeywordTypes(it, ts) {
    const rules = it.self.RULES.all;
    for (const keyword in rules) {
        const rule = rules[keyword];
        if (typeof rule == "object" && (0, applicability_1.shouldUseRule)(it.schema, rule)) {
            const { type } = rule.definition;
            if (type.length && !type.some((t) => hasApplicableType(ts, t))) {
                strictTypesError(it, `missing type "${type.join(",")}" for keyword "${keyword}"`);
            }
        }
    }
}
function hasApplicableType(schTs, kwdT) {
    return schTs.includes(kwdT) || (kwdT === "number" && schTs.includes("integer"));
}
function includesType(ts, t) {
    return ts.includes(t) || (t === "integer" && ts.includes("number"));
}
function narrowSchemaTypes(it, withTypes) {
    const ts = [];
    for (const t of it.dataTypes) {
        if (includesType(withTypes, t))
            ts.push(t);
        else if (withTypes.includes("integer") && t === "number")
            ts.push("integer");
    }
    it.dataTypes = ts;
}
function strictTypesError(it, msg) {
    const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
    msg += ` at "${schemaPath}" (strictTypes)`;
    (0, util_1.checkStrictMode)(it, msg, it.opts.strictTypes);
}
class KeywordCxt {
    constructor(it, def, keyword) {
        (0, keyword_1.validateKeywordUsage)(it, def, keyword);
        this.gen = it.gen;
        this.allErrors = it.allErrors;
        this.keyword = keyword;
        this.data = it.data;
        this.schema = it.schema[keyword];
        this.$data = def.$data && it.opts.$data && this.schema && this.schema.$data;
        this.schemaValue = (0, util_1.schemaRefOrVal)(it, this.schema, keyword, this.$data);
        this.schemaType = def.schemaType;
        this.parentSchema = it.schema;
        this.params = {};
        this.it = it;
        this.def = def;
        if (this.$data) {
            this.schemaCode = it.gen.const("vSchema", getData(this.$data, it));
        }
        else {
            this.schemaCode = this.schemaValue;
            if (!(0, keyword_1.validSchemaType)(this.schema, def.schemaType, def.allowUndefined)) {
                throw new Error(`${keyword} value must be ${JSON.stringify(def.schemaType)}`);
            }
        }
        if ("code" in def ? def.trackErrors : def.errors !== false) {
            this.errsCount = it.gen.const("_errs", names_1.default.errors);
        }
    }
    result(condition, successAction, failAction) {
        this.failResult((0, codegen_1.not)(condition), successAction, failAction);
    }
    failResult(condition, successAction, failAction) {
        this.gen.if(condition);
        if (failAction)
            failAction();
        else
            this.error();
        if (successAction) {
            this.gen.else();
            successAction();
            if (this.allErrors)
                this.gen.endIf();
        }
        else {
            if (this.allErrors)
                this.gen.endIf();
            else
                this.gen.else();
        }
    }
    pass(condition, failAction) {
        this.failResult((0, codegen_1.not)(condition), undefined, failAction);
    }
    fail(condition) {
        if (condition === undefined) {
            this.error();
            if (!this.allErrors)
                this.gen.if(false); // this branch will be removed by gen.optimize
            return;
        }
        this.gen.if(condition);
        this.error();
        if (this.allErrors)
            this.gen.endIf();
        else
            this.gen.else();
    }
    fail$data(condition) {
        if (!this.$data)
            return this.fail(condition);
        const { schemaCode } = this;
        this.fail((0, codegen_1._) `${schemaCode} !== undefined && (${(0, codegen_1.or)(this.invalid$data(), condition)})`);
    }
    error(append, errorParams, errorPaths) {
        if (errorParams) {
            this.setParams(errorParams);
            this._error(append, errorPaths);
            this.setParams({});
            return;
        }
        this._error(append, errorPaths);
    }
    _error(append, errorPaths) {
        ;
        (append ? errors_1.reportExtraError : errors_1.reportError)(this, this.def.error, errorPaths);
    }
    $dataError() {
        (0, errors_1.reportError)(this, this.def.$dataError || errors_1.keyword$DataError);
    }
    reset() {
        if (this.errsCount === undefined)
            throw new Error('add "trackErrors" to keyword definition');
        (0, errors_1.resetErrorsCount)(this.gen, this.errsCount);
    }
    ok(cond) {
        if (!this.allErrors)
            this.gen.if(cond);
    }
    setParams(obj, assign) {
        if (assign)
            Object.assign(this.params, obj);
        else
            this.params = obj;
    }
    block$data(valid, codeBlock, $dataValid = codegen_1.nil) {
        this.gen.block(() => {
            this.check$data(valid, $dataValid);
            codeBlock();
        });
    }
    check$data(valid = codegen_1.nil, $dataValid = codegen_1.nil) {
        if (!this.$data)
            return;
        const { gen, schemaCode, schemaType, def } = this;
        gen.if((0, codegen_1.or)((0, codegen_1._) `${schemaCode} === undefined`, $dataValid));
        if (valid !== codegen_1.nil)
            gen.assign(valid, true);
        if (schemaType.length || def.validateSchema) {
            gen.elseIf(this.invalid$data());
            this.$dataError();
            if (valid !== codegen_1.nil)
                gen.assign(valid, false);
        }
        gen.else();
    }
    invalid$data() {
        const { gen, schemaCode, schemaType, def, it } = this;
        return (0, codegen_1.or)(wrong$DataType(), invalid$DataSchema());
        function wrong$DataType() {
            if (schemaType.length) {
                /* istanbul ignore if */
                if (!(schemaCode instanceof codegen_1.Name))
                    throw new Error("ajv implementation error");
                const st = Array.isArray(schemaType) ? schemaType : [schemaType];
                return (0, codegen_1._) `${(0, dataType_2.checkDataTypes)(st, schemaCode, it.opts.strictNumbers, dataType_2.DataType.Wrong)}`;
            }
            return codegen_1.nil;
        }
        function invalid$DataSchema() {
            if (def.validateSchema) {
                const validateSchemaRef = gen.scopeValue("validate$data", { ref: def.validateSchema }); // TODO value.code for standalone
                return (0, codegen_1._) `!${validateSchemaRef}(${schemaCode})`;
            }
            return codegen_1.nil;
        }
    }
    subschema(appl, valid) {
        const subschema = (0, subschema_1.getSubschema)(this.it, appl);
        (0, subschema_1.extendSubschemaData)(subschema, this.it, appl);
        (0, subschema_1.extendSubschemaMode)(subschema, appl);
        const nextContext = { ...this.it, ...subschema, items: undefined, props: undefined };
        subschemaCode(nextContext, valid);
        return nextContext;
    }
    mergeEvaluated(schemaCxt, toName) {
        const { it, gen } = this;
        if (!it.opts.unevaluated)
            return;
        if (it.props !== true && schemaCxt.props !== undefined) {
            it.props = util_1.mergeEvaluated.props(gen, schemaCxt.props, it.props, toName);
        }
        if (it.items !== true && schemaCxt.items !== undefined) {
            it.items = util_1.mergeEvaluated.items(gen, schemaCxt.items, it.items, toName);
        }
    }
    mergeValidEvaluated(schemaCxt, valid) {
        const { it, gen } = this;
        if (it.opts.unevaluated && (it.props !== true || it.items !== true)) {
            gen.if(valid, () => this.mergeEvaluated(schemaCxt, codegen_1.Name));
            return true;
        }
    }
}
exports.KeywordCxt = KeywordCxt;
function keywordCode(it, keyword, def, ruleType) {
    const cxt = new KeywordCxt(it, def, keyword);
    if ("code" in def) {
        def.code(cxt, ruleType);
    }
    else if (cxt.$data && def.validate) {
        (0, keyword_1.funcKeywordCode)(cxt, def);
    }
    else if ("macro" in def) {
        (0, keyword_1.macroKeywordCode)(cxt, def);
    }
    else if (def.compile || def.validate) {
        (0, keyword_1.funcKeywordCode)(cxt, def);
    }
}
const JSON_POINTER = /^\/(?:[^~]|~0|~1)*$/;
const RELATIVE_JSON_POINTER = /^([0-9]+)(#|\/(?:[^~]|~0|~1)*)?$/;
function getData($data, { dataLevel, dataNames, dataPathArr }) {
    let jsonPointer;
    let data;
    if ($data === "")
        return names_1.default.rootData;
    if ($data[0] === "/") {
        if (!JSON_POINTER.test($data))
            throw new Error(`Invalid JSON-pointer: ${$data}`);
        jsonPointer = $data;
        data = names_1.default.rootData;
    }
    else {
        const matches = RELATIVE_JSON_POINTER.exec($data);
        if (!matches)
            throw new Error(`Invalid JSON-pointer: ${$data}`);
        const up = +matches[1];
        jsonPointer = matches[2];
        if (jsonPointer === "#") {
            if (up >= dataLevel)
                throw new Error(errorMsg("property/index", up));
            return dataPathArr[dataLevel - up];
        }
        if (up > dataLevel)
            throw new Error(errorMsg("data", up));
        data = dataNames[dataLevel - up];
        if (!jsonPointer)
            return data;
    }
    let expr = data;
    const segments = jsonPointer.split("/");
    for (const segment of segments) {
        if (segment) {
            data = (0, codegen_1._) `${data}${(0, codegen_1.getProperty)((0, util_1.unescapeJsonPointer)(segment))}`;
            expr = (0, codegen_1._) `${expr} && ${data}`;
        }
    }
    return expr;
    function errorMsg(pointerType, up) {
        return `Cannot access ${pointerType} ${up} levels up, current level is ${dataLevel}`;
    }
}
exports.getData = getData;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 5202:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.validateKeywordUsage = exports.validSchemaType = exports.funcKeywordCode = exports.macroKeywordCode = void 0;
const codegen_1 = __nccwpck_require__(1436);
const names_1 = __nccwpck_require__(630);
const code_1 = __nccwpck_require__(8484);
const errors_1 = __nccwpck_require__(1283);
function macroKeywordCode(cxt, def) {
    const { gen, keyword, schema, parentSchema, it } = cxt;
    const macroSchema = def.macro.call(it.self, schema, parentSchema, it);
    const schemaRef = useKeyword(gen, keyword, macroSchema);
    if (it.opts.validateSchema !== false)
        it.self.validateSchema(macroSchema, true);
    const valid = gen.name("valid");
    cxt.subschema({
        schema: macroSchema,
        schemaPath: codegen_1.nil,
        errSchemaPath: `${it.errSchemaPath}/${keyword}`,
        topSchemaRef: schemaRef,
        compositeRule: true,
    }, valid);
    cxt.pass(valid, () => cxt.error(true));
}
exports.macroKeywordCode = macroKeywordCode;
function funcKeywordCode(cxt, def) {
    var _a;
    const { gen, keyword, schema, parentSchema, $data, it } = cxt;
    checkAsyncKeyword(it, def);
    const validate = !$data && def.compile ? def.compile.call(it.self, schema, parentSchema, it) : def.validate;
    const validateRef = useKeyword(gen, keyword, validate);
    const valid = gen.let("valid");
    cxt.block$data(valid, validateKeyword);
    cxt.ok((_a = def.valid) !== null && _a !== void 0 ? _a : valid);
    function validateKeyword() {
        if (def.errors === false) {
            assignValid();
            if (def.modifying)
                modifyData(cxt);
            reportErrs(() => cxt.error());
        }
        else {
            const ruleErrs = def.async ? validateAsync() : validateSync();
            if (def.modifying)
                modifyData(cxt);
            reportErrs(() => addErrs(cxt, ruleErrs));
        }
    }
    function validateAsync() {
        const ruleErrs = gen.let("ruleErrs", null);
        gen.try(() => assignValid((0, codegen_1._) `await `), (e) => gen.assign(valid, false).if((0, codegen_1._) `${e} instanceof ${it.ValidationError}`, () => gen.assign(ruleErrs, (0, codegen_1._) `${e}.errors`), () => gen.throw(e)));
        return ruleErrs;
    }
    function validateSync() {
        const validateErrs = (0, codegen_1._) `${validateRef}.errors`;
        gen.assign(validateErrs, null);
        assignValid(codegen_1.nil);
        return validateErrs;
    }
    function assignValid(_await = def.async ? (0, codegen_1._) `await ` : codegen_1.nil) {
        const passCxt = it.opts.passContext ? names_1.default.this : names_1.default.self;
        const passSchema = !(("compile" in def && !$data) || def.schema === false);
        gen.assign(valid, (0, codegen_1._) `${_await}${(0, code_1.callValidateCode)(cxt, validateRef, passCxt, passSchema)}`, def.modifying);
    }
    function reportErrs(errors) {
        var _a;
        gen.if((0, codegen_1.not)((_a = def.valid) !== null && _a !== void 0 ? _a : valid), errors);
    }
}
exports.funcKeywordCode = funcKeywordCode;
function modifyData(cxt) {
    const { gen, data, it } = cxt;
    gen.if(it.parentData, () => gen.assign(data, (0, codegen_1._) `${it.parentData}[${it.parentDataProperty}]`));
}
function addErrs(cxt, errs) {
    const { gen } = cxt;
    gen.if((0, codegen_1._) `Array.isArray(${errs})`, () => {
        gen
            .assign(names_1.default.vErrors, (0, codegen_1._) `${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`)
            .assign(names_1.default.errors, (0, codegen_1._) `${names_1.default.vErrors}.length`);
        (0, errors_1.extendErrors)(cxt);
    }, () => cxt.error());
}
function checkAsyncKeyword({ schemaEnv }, def) {
    if (def.async && !schemaEnv.$async)
        throw new Error("async keyword in sync schema");
}
function useKeyword(gen, keyword, result) {
    if (result === undefined)
        throw new Error(`keyword "${keyword}" failed to compile`);
    return gen.scopeValue("keyword", typeof result == "function" ? { ref: result } : { ref: result, code: (0, codegen_1.stringify)(result) });
}
function validSchemaType(schema, schemaType, allowUndefined = false) {
    // TODO add tests
    return (!schemaType.length ||
        schemaType.some((st) => st === "array"
            ? Array.isArray(schema)
            : st === "object"
                ? schema && typeof schema == "object" && !Array.isArray(schema)
                : typeof schema == st || (allowUndefined && typeof schema == "undefined")));
}
exports.validSchemaType = validSchemaType;
function validateKeywordUsage({ schema, opts, self, errSchemaPath }, def, keyword) {
    /* istanbul ignore if */
    if (Array.isArray(def.keyword) ? !def.keyword.includes(keyword) : def.keyword !== keyword) {
        throw new Error("ajv implementation error");
    }
    const deps = def.dependencies;
    if (deps === null || deps === void 0 ? void 0 : deps.some((kwd) => !Object.prototype.hasOwnProperty.call(schema, kwd))) {
        throw new Error(`parent schema must have dependencies of ${keyword}: ${deps.join(",")}`);
    }
    if (def.validateSchema) {
        const valid = def.validateSchema(schema[keyword]);
        if (!valid) {
            const msg = `keyword "${keyword}" value is invalid at path "${errSchemaPath}": ` +
                self.errorsText(def.validateSchema.errors);
            if (opts.validateSchema === "log")
                self.logger.error(msg);
            else
                throw new Error(msg);
        }
    }
}
exports.validateKeywordUsage = validateKeywordUsage;
//# sourceMappingURL=keyword.js.map

/***/ }),

/***/ 6200:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.extendSubschemaMode = exports.extendSubschemaData = exports.getSubschema = void 0;
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
function getSubschema(it, { keyword, schemaProp, schema, schemaPath, errSchemaPath, topSchemaRef }) {
    if (keyword !== undefined && schema !== undefined) {
        throw new Error('both "keyword" and "schema" passed, only one allowed');
    }
    if (keyword !== undefined) {
        const sch = it.schema[keyword];
        return schemaProp === undefined
            ? {
                schema: sch,
                schemaPath: (0, codegen_1._) `${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}`,
                errSchemaPath: `${it.errSchemaPath}/${keyword}`,
            }
            : {
                schema: sch[schemaProp],
                schemaPath: (0, codegen_1._) `${it.schemaPath}${(0, codegen_1.getProperty)(keyword)}${(0, codegen_1.getProperty)(schemaProp)}`,
                errSchemaPath: `${it.errSchemaPath}/${keyword}/${(0, util_1.escapeFragment)(schemaProp)}`,
            };
    }
    if (schema !== undefined) {
        if (schemaPath === undefined || errSchemaPath === undefined || topSchemaRef === undefined) {
            throw new Error('"schemaPath", "errSchemaPath" and "topSchemaRef" are required with "schema"');
        }
        return {
            schema,
            schemaPath,
            topSchemaRef,
            errSchemaPath,
        };
    }
    throw new Error('either "keyword" or "schema" must be passed');
}
exports.getSubschema = getSubschema;
function extendSubschemaData(subschema, it, { dataProp, dataPropType: dpType, data, dataTypes, propertyName }) {
    if (data !== undefined && dataProp !== undefined) {
        throw new Error('both "data" and "dataProp" passed, only one allowed');
    }
    const { gen } = it;
    if (dataProp !== undefined) {
        const { errorPath, dataPathArr, opts } = it;
        const nextData = gen.let("data", (0, codegen_1._) `${it.data}${(0, codegen_1.getProperty)(dataProp)}`, true);
        dataContextProps(nextData);
        subschema.errorPath = (0, codegen_1.str) `${errorPath}${(0, util_1.getErrorPath)(dataProp, dpType, opts.jsPropertySyntax)}`;
        subschema.parentDataProperty = (0, codegen_1._) `${dataProp}`;
        subschema.dataPathArr = [...dataPathArr, subschema.parentDataProperty];
    }
    if (data !== undefined) {
        const nextData = data instanceof codegen_1.Name ? data : gen.let("data", data, true); // replaceable if used once?
        dataContextProps(nextData);
        if (propertyName !== undefined)
            subschema.propertyName = propertyName;
        // TODO something is possibly wrong here with not changing parentDataProperty and not appending dataPathArr
    }
    if (dataTypes)
        subschema.dataTypes = dataTypes;
    function dataContextProps(_nextData) {
        subschema.data = _nextData;
        subschema.dataLevel = it.dataLevel + 1;
        subschema.dataTypes = [];
        it.definedProperties = new Set();
        subschema.parentData = it.data;
        subschema.dataNames = [...it.dataNames, _nextData];
    }
}
exports.extendSubschemaData = extendSubschemaData;
function extendSubschemaMode(subschema, { jtdDiscriminator, jtdMetadata, compositeRule, createErrors, allErrors }) {
    if (compositeRule !== undefined)
        subschema.compositeRule = compositeRule;
    if (createErrors !== undefined)
        subschema.createErrors = createErrors;
    if (allErrors !== undefined)
        subschema.allErrors = allErrors;
    subschema.jtdDiscriminator = jtdDiscriminator; // not inherited
    subschema.jtdMetadata = jtdMetadata; // not inherited
}
exports.extendSubschemaMode = extendSubschemaMode;
//# sourceMappingURL=subschema.js.map

/***/ }),

/***/ 3893:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.CodeGen = exports.Name = exports.nil = exports.stringify = exports.str = exports._ = exports.KeywordCxt = void 0;
var validate_1 = __nccwpck_require__(7881);
Object.defineProperty(exports, "KeywordCxt", ({ enumerable: true, get: function () { return validate_1.KeywordCxt; } }));
var codegen_1 = __nccwpck_require__(1436);
Object.defineProperty(exports, "_", ({ enumerable: true, get: function () { return codegen_1._; } }));
Object.defineProperty(exports, "str", ({ enumerable: true, get: function () { return codegen_1.str; } }));
Object.defineProperty(exports, "stringify", ({ enumerable: true, get: function () { return codegen_1.stringify; } }));
Object.defineProperty(exports, "nil", ({ enumerable: true, get: function () { return codegen_1.nil; } }));
Object.defineProperty(exports, "Name", ({ enumerable: true, get: function () { return codegen_1.Name; } }));
Object.defineProperty(exports, "CodeGen", ({ enumerable: true, get: function () { return codegen_1.CodeGen; } }));
const validation_error_1 = __nccwpck_require__(3021);
const ref_error_1 = __nccwpck_require__(3162);
const rules_1 = __nccwpck_require__(7353);
const compile_1 = __nccwpck_require__(2718);
const codegen_2 = __nccwpck_require__(1436);
const resolve_1 = __nccwpck_require__(4090);
const dataType_1 = __nccwpck_require__(6685);
const util_1 = __nccwpck_require__(4464);
const $dataRefSchema = __nccwpck_require__(3837);
const uri_1 = __nccwpck_require__(6285);
const defaultRegExp = (str, flags) => new RegExp(str, flags);
defaultRegExp.code = "new RegExp";
const META_IGNORE_OPTIONS = ["removeAdditional", "useDefaults", "coerceTypes"];
const EXT_SCOPE_NAMES = new Set([
    "validate",
    "serialize",
    "parse",
    "wrapper",
    "root",
    "schema",
    "keyword",
    "pattern",
    "formats",
    "validate$data",
    "func",
    "obj",
    "Error",
]);
const removedOptions = {
    errorDataPath: "",
    format: "`validateFormats: false` can be used instead.",
    nullable: '"nullable" keyword is supported by default.',
    jsonPointers: "Deprecated jsPropertySyntax can be used instead.",
    extendRefs: "Deprecated ignoreKeywordsWithRef can be used instead.",
    missingRefs: "Pass empty schema with $id that should be ignored to ajv.addSchema.",
    processCode: "Use option `code: {process: (code, schemaEnv: object) => string}`",
    sourceCode: "Use option `code: {source: true}`",
    strictDefaults: "It is default now, see option `strict`.",
    strictKeywords: "It is default now, see option `strict`.",
    uniqueItems: '"uniqueItems" keyword is always validated.',
    unknownFormats: "Disable strict mode or pass `true` to `ajv.addFormat` (or `formats` option).",
    cache: "Map is used as cache, schema object as key.",
    serialize: "Map is used as cache, schema object as key.",
    ajvErrors: "It is default now.",
};
const deprecatedOptions = {
    ignoreKeywordsWithRef: "",
    jsPropertySyntax: "",
    unicode: '"minLength"/"maxLength" account for unicode characters by default.',
};
const MAX_EXPRESSION = 200;
// eslint-disable-next-line complexity
function requiredOptions(o) {
    var _a, _b, _c, _d, _e, _f, _g, _h, _j, _k, _l, _m, _o, _p, _q, _r, _s, _t, _u, _v, _w, _x, _y, _z, _0;
    const s = o.strict;
    const _optz = (_a = o.code) === null || _a === void 0 ? void 0 : _a.optimize;
    const optimize = _optz === true || _optz === undefined ? 1 : _optz || 0;
    const regExp = (_c = (_b = o.code) === null || _b === void 0 ? void 0 : _b.regExp) !== null && _c !== void 0 ? _c : defaultRegExp;
    const uriResolver = (_d = o.uriResolver) !== null && _d !== void 0 ? _d : uri_1.default;
    return {
        strictSchema: (_f = (_e = o.strictSchema) !== null && _e !== void 0 ? _e : s) !== null && _f !== void 0 ? _f : true,
        strictNumbers: (_h = (_g = o.strictNumbers) !== null && _g !== void 0 ? _g : s) !== null && _h !== void 0 ? _h : true,
        strictTypes: (_k = (_j = o.strictTypes) !== null && _j !== void 0 ? _j : s) !== null && _k !== void 0 ? _k : "log",
        strictTuples: (_m = (_l = o.strictTuples) !== null && _l !== void 0 ? _l : s) !== null && _m !== void 0 ? _m : "log",
        strictRequired: (_p = (_o = o.strictRequired) !== null && _o !== void 0 ? _o : s) !== null && _p !== void 0 ? _p : false,
        code: o.code ? { ...o.code, optimize, regExp } : { optimize, regExp },
        loopRequired: (_q = o.loopRequired) !== null && _q !== void 0 ? _q : MAX_EXPRESSION,
        loopEnum: (_r = o.loopEnum) !== null && _r !== void 0 ? _r : MAX_EXPRESSION,
        meta: (_s = o.meta) !== null && _s !== void 0 ? _s : true,
        messages: (_t = o.messages) !== null && _t !== void 0 ? _t : true,
        inlineRefs: (_u = o.inlineRefs) !== null && _u !== void 0 ? _u : true,
        schemaId: (_v = o.schemaId) !== null && _v !== void 0 ? _v : "$id",
        addUsedSchema: (_w = o.addUsedSchema) !== null && _w !== void 0 ? _w : true,
        validateSchema: (_x = o.validateSchema) !== null && _x !== void 0 ? _x : true,
        validateFormats: (_y = o.validateFormats) !== null && _y !== void 0 ? _y : true,
        unicodeRegExp: (_z = o.unicodeRegExp) !== null && _z !== void 0 ? _z : true,
        int32range: (_0 = o.int32range) !== null && _0 !== void 0 ? _0 : true,
        uriResolver: uriResolver,
    };
}
class Ajv {
    constructor(opts = {}) {
        this.schemas = {};
        this.refs = {};
        this.formats = Object.create(null);
        this._compilations = new Set();
        this._loading = {};
        this._cache = new Map();
        opts = this.opts = { ...opts, ...requiredOptions(opts) };
        const { es5, lines } = this.opts.code;
        this.scope = new codegen_2.ValueScope({ scope: {}, prefixes: EXT_SCOPE_NAMES, es5, lines });
        this.logger = getLogger(opts.logger);
        const formatOpt = opts.validateFormats;
        opts.validateFormats = false;
        this.RULES = (0, rules_1.getRules)();
        checkOptions.call(this, removedOptions, opts, "NOT SUPPORTED");
        checkOptions.call(this, deprecatedOptions, opts, "DEPRECATED", "warn");
        this._metaOpts = getMetaSchemaOptions.call(this);
        if (opts.formats)
            addInitialFormats.call(this);
        this._addVocabularies();
        this._addDefaultMetaSchema();
        if (opts.keywords)
            addInitialKeywords.call(this, opts.keywords);
        if (typeof opts.meta == "object")
            this.addMetaSchema(opts.meta);
        addInitialSchemas.call(this);
        opts.validateFormats = formatOpt;
    }
    _addVocabularies() {
        this.addKeyword("$async");
    }
    _addDefaultMetaSchema() {
        const { $data, meta, schemaId } = this.opts;
        let _dataRefSchema = $dataRefSchema;
        if (schemaId === "id") {
            _dataRefSchema = { ...$dataRefSchema };
            _dataRefSchema.id = _dataRefSchema.$id;
            delete _dataRefSchema.$id;
        }
        if (meta && $data)
            this.addMetaSchema(_dataRefSchema, _dataRefSchema[schemaId], false);
    }
    defaultMeta() {
        const { meta, schemaId } = this.opts;
        return (this.opts.defaultMeta = typeof meta == "object" ? meta[schemaId] || meta : undefined);
    }
    validate(schemaKeyRef, // key, ref or schema object
    // eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents
    data // to be validated
    ) {
        let v;
        if (typeof schemaKeyRef == "string") {
            v = this.getSchema(schemaKeyRef);
            if (!v)
                throw new Error(`no schema with key or ref "${schemaKeyRef}"`);
        }
        else {
            v = this.compile(schemaKeyRef);
        }
        const valid = v(data);
        if (!("$async" in v))
            this.errors = v.errors;
        return valid;
    }
    compile(schema, _meta) {
        const sch = this._addSchema(schema, _meta);
        return (sch.validate || this._compileSchemaEnv(sch));
    }
    compileAsync(schema, meta) {
        if (typeof this.opts.loadSchema != "function") {
            throw new Error("options.loadSchema should be a function");
        }
        const { loadSchema } = this.opts;
        return runCompileAsync.call(this, schema, meta);
        async function runCompileAsync(_schema, _meta) {
            await loadMetaSchema.call(this, _schema.$schema);
            const sch = this._addSchema(_schema, _meta);
            return sch.validate || _compileAsync.call(this, sch);
        }
        async function loadMetaSchema($ref) {
            if ($ref && !this.getSchema($ref)) {
                await runCompileAsync.call(this, { $ref }, true);
            }
        }
        async function _compileAsync(sch) {
            try {
                return this._compileSchemaEnv(sch);
            }
            catch (e) {
                if (!(e instanceof ref_error_1.default))
                    throw e;
                checkLoaded.call(this, e);
                await loadMissingSchema.call(this, e.missingSchema);
                return _compileAsync.call(this, sch);
            }
        }
        function checkLoaded({ missingSchema: ref, missingRef }) {
            if (this.refs[ref]) {
                throw new Error(`AnySchema ${ref} is loaded but ${missingRef} cannot be resolved`);
            }
        }
        async function loadMissingSchema(ref) {
            const _schema = await _loadSchema.call(this, ref);
            if (!this.refs[ref])
                await loadMetaSchema.call(this, _schema.$schema);
            if (!this.refs[ref])
                this.addSchema(_schema, ref, meta);
        }
        async function _loadSchema(ref) {
            const p = this._loading[ref];
            if (p)
                return p;
            try {
                return await (this._loading[ref] = loadSchema(ref));
            }
            finally {
                delete this._loading[ref];
            }
        }
    }
    // Adds schema to the instance
    addSchema(schema, // If array is passed, `key` will be ignored
    key, // Optional schema key. Can be passed to `validate` method instead of schema object or id/ref. One schema per instance can have empty `id` and `key`.
    _meta, // true if schema is a meta-schema. Used internally, addMetaSchema should be used instead.
    _validateSchema = this.opts.validateSchema // false to skip schema validation. Used internally, option validateSchema should be used instead.
    ) {
        if (Array.isArray(schema)) {
            for (const sch of schema)
                this.addSchema(sch, undefined, _meta, _validateSchema);
            return this;
        }
        let id;
        if (typeof schema === "object") {
            const { schemaId } = this.opts;
            id = schema[schemaId];
            if (id !== undefined && typeof id != "string") {
                throw new Error(`schema ${schemaId} must be string`);
            }
        }
        key = (0, resolve_1.normalizeId)(key || id);
        this._checkUnique(key);
        this.schemas[key] = this._addSchema(schema, _meta, key, _validateSchema, true);
        return this;
    }
    // Add schema that will be used to validate other schemas
    // options in META_IGNORE_OPTIONS are alway set to false
    addMetaSchema(schema, key, // schema key
    _validateSchema = this.opts.validateSchema // false to skip schema validation, can be used to override validateSchema option for meta-schema
    ) {
        this.addSchema(schema, key, true, _validateSchema);
        return this;
    }
    //  Validate schema against its meta-schema
    validateSchema(schema, throwOrLogError) {
        if (typeof schema == "boolean")
            return true;
        let $schema;
        $schema = schema.$schema;
        if ($schema !== undefined && typeof $schema != "string") {
            throw new Error("$schema must be a string");
        }
        $schema = $schema || this.opts.defaultMeta || this.defaultMeta();
        if (!$schema) {
            this.logger.warn("meta-schema not available");
            this.errors = null;
            return true;
        }
        const valid = this.validate($schema, schema);
        if (!valid && throwOrLogError) {
            const message = "schema is invalid: " + this.errorsText();
            if (this.opts.validateSchema === "log")
                this.logger.error(message);
            else
                throw new Error(message);
        }
        return valid;
    }
    // Get compiled schema by `key` or `ref`.
    // (`key` that was passed to `addSchema` or full schema reference - `schema.$id` or resolved id)
    getSchema(keyRef) {
        let sch;
        while (typeof (sch = getSchEnv.call(this, keyRef)) == "string")
            keyRef = sch;
        if (sch === undefined) {
            const { schemaId } = this.opts;
            const root = new compile_1.SchemaEnv({ schema: {}, schemaId });
            sch = compile_1.resolveSchema.call(this, root, keyRef);
            if (!sch)
                return;
            this.refs[keyRef] = sch;
        }
        return (sch.validate || this._compileSchemaEnv(sch));
    }
    // Remove cached schema(s).
    // If no parameter is passed all schemas but meta-schemas are removed.
    // If RegExp is passed all schemas with key/id matching pattern but meta-schemas are removed.
    // Even if schema is referenced by other schemas it still can be removed as other schemas have local references.
    removeSchema(schemaKeyRef) {
        if (schemaKeyRef instanceof RegExp) {
            this._removeAllSchemas(this.schemas, schemaKeyRef);
            this._removeAllSchemas(this.refs, schemaKeyRef);
            return this;
        }
        switch (typeof schemaKeyRef) {
            case "undefined":
                this._removeAllSchemas(this.schemas);
                this._removeAllSchemas(this.refs);
                this._cache.clear();
                return this;
            case "string": {
                const sch = getSchEnv.call(this, schemaKeyRef);
                if (typeof sch == "object")
                    this._cache.delete(sch.schema);
                delete this.schemas[schemaKeyRef];
                delete this.refs[schemaKeyRef];
                return this;
            }
            case "object": {
                const cacheKey = schemaKeyRef;
                this._cache.delete(cacheKey);
                let id = schemaKeyRef[this.opts.schemaId];
                if (id) {
                    id = (0, resolve_1.normalizeId)(id);
                    delete this.schemas[id];
                    delete this.refs[id];
                }
                return this;
            }
            default:
                throw new Error("ajv.removeSchema: invalid parameter");
        }
    }
    // add "vocabulary" - a collection of keywords
    addVocabulary(definitions) {
        for (const def of definitions)
            this.addKeyword(def);
        return this;
    }
    addKeyword(kwdOrDef, def // deprecated
    ) {
        let keyword;
        if (typeof kwdOrDef == "string") {
            keyword = kwdOrDef;
            if (typeof def == "object") {
                this.logger.warn("these parameters are deprecated, see docs for addKeyword");
                def.keyword = keyword;
            }
        }
        else if (typeof kwdOrDef == "object" && def === undefined) {
            def = kwdOrDef;
            keyword = def.keyword;
            if (Array.isArray(keyword) && !keyword.length) {
                throw new Error("addKeywords: keyword must be string or non-empty array");
            }
        }
        else {
            throw new Error("invalid addKeywords parameters");
        }
        checkKeyword.call(this, keyword, def);
        if (!def) {
            (0, util_1.eachItem)(keyword, (kwd) => addRule.call(this, kwd));
            return this;
        }
        keywordMetaschema.call(this, def);
        const definition = {
            ...def,
            type: (0, dataType_1.getJSONTypes)(def.type),
            schemaType: (0, dataType_1.getJSONTypes)(def.schemaType),
        };
        (0, util_1.eachItem)(keyword, definition.type.length === 0
            ? (k) => addRule.call(this, k, definition)
            : (k) => definition.type.forEach((t) => addRule.call(this, k, definition, t)));
        return this;
    }
    getKeyword(keyword) {
        const rule = this.RULES.all[keyword];
        return typeof rule == "object" ? rule.definition : !!rule;
    }
    // Remove keyword
    removeKeyword(keyword) {
        // TODO return type should be Ajv
        const { RULES } = this;
        delete RULES.keywords[keyword];
        delete RULES.all[keyword];
        for (const group of RULES.rules) {
            const i = group.rules.findIndex((rule) => rule.keyword === keyword);
            if (i >= 0)
                group.rules.splice(i, 1);
        }
        return this;
    }
    // Add format
    addFormat(name, format) {
        if (typeof format == "string")
            format = new RegExp(format);
        this.formats[name] = format;
        return this;
    }
    errorsText(errors = this.errors, // optional array of validation errors
    { separator = ", ", dataVar = "data" } = {} // optional options with properties `separator` and `dataVar`
    ) {
        if (!errors || errors.length === 0)
            return "No errors";
        return errors
            .map((e) => `${dataVar}${e.instancePath} ${e.message}`)
            .reduce((text, msg) => text + separator + msg);
    }
    $dataMetaSchema(metaSchema, keywordsJsonPointers) {
        const rules = this.RULES.all;
        metaSchema = JSON.parse(JSON.stringify(metaSchema));
        for (const jsonPointer of keywordsJsonPointers) {
            const segments = jsonPointer.split("/").slice(1); // first segment is an empty string
            let keywords = metaSchema;
            for (const seg of segments)
                keywords = keywords[seg];
            for (const key in rules) {
                const rule = rules[key];
                if (typeof rule != "object")
                    continue;
                const { $data } = rule.definition;
                const schema = keywords[key];
                if ($data && schema)
                    keywords[key] = schemaOrData(schema);
            }
        }
        return metaSchema;
    }
    _removeAllSchemas(schemas, regex) {
        for (const keyRef in schemas) {
            const sch = schemas[keyRef];
            if (!regex || regex.test(keyRef)) {
                if (typeof sch == "string") {
                    delete schemas[keyRef];
                }
                else if (sch && !sch.meta) {
                    this._cache.delete(sch.schema);
                    delete schemas[keyRef];
                }
            }
        }
    }
    _addSchema(schema, meta, baseId, validateSchema = this.opts.validateSchema, addSchema = this.opts.addUsedSchema) {
        let id;
        const { schemaId } = this.opts;
        if (typeof schema == "object") {
            id = schema[schemaId];
        }
        else {
            if (this.opts.jtd)
                throw new Error("schema must be object");
            else if (typeof schema != "boolean")
                throw new Error("schema must be object or boolean");
        }
        let sch = this._cache.get(schema);
        if (sch !== undefined)
            return sch;
        baseId = (0, resolve_1.normalizeId)(id || baseId);
        const localRefs = resolve_1.getSchemaRefs.call(this, schema, baseId);
        sch = new compile_1.SchemaEnv({ schema, schemaId, meta, baseId, localRefs });
        this._cache.set(sch.schema, sch);
        if (addSchema && !baseId.startsWith("#")) {
            // TODO atm it is allowed to overwrite schemas without id (instead of not adding them)
            if (baseId)
                this._checkUnique(baseId);
            this.refs[baseId] = sch;
        }
        if (validateSchema)
            this.validateSchema(schema, true);
        return sch;
    }
    _checkUnique(id) {
        if (this.schemas[id] || this.refs[id]) {
            throw new Error(`schema with key or id "${id}" already exists`);
        }
    }
    _compileSchemaEnv(sch) {
        if (sch.meta)
            this._compileMetaSchema(sch);
        else
            compile_1.compileSchema.call(this, sch);
        /* istanbul ignore if */
        if (!sch.validate)
            throw new Error("ajv implementation error");
        return sch.validate;
    }
    _compileMetaSchema(sch) {
        const currentOpts = this.opts;
        this.opts = this._metaOpts;
        try {
            compile_1.compileSchema.call(this, sch);
        }
        finally {
            this.opts = currentOpts;
        }
    }
}
Ajv.ValidationError = validation_error_1.default;
Ajv.MissingRefError = ref_error_1.default;
exports["default"] = Ajv;
function checkOptions(checkOpts, options, msg, log = "error") {
    for (const key in checkOpts) {
        const opt = key;
        if (opt in options)
            this.logger[log](`${msg}: option ${key}. ${checkOpts[opt]}`);
    }
}
function getSchEnv(keyRef) {
    keyRef = (0, resolve_1.normalizeId)(keyRef); // TODO tests fail without this line
    return this.schemas[keyRef] || this.refs[keyRef];
}
function addInitialSchemas() {
    const optsSchemas = this.opts.schemas;
    if (!optsSchemas)
        return;
    if (Array.isArray(optsSchemas))
        this.addSchema(optsSchemas);
    else
        for (const key in optsSchemas)
            this.addSchema(optsSchemas[key], key);
}
function addInitialFormats() {
    for (const name in this.opts.formats) {
        const format = this.opts.formats[name];
        if (format)
            this.addFormat(name, format);
    }
}
function addInitialKeywords(defs) {
    if (Array.isArray(defs)) {
        this.addVocabulary(defs);
        return;
    }
    this.logger.warn("keywords option as map is deprecated, pass array");
    for (const keyword in defs) {
        const def = defs[keyword];
        if (!def.keyword)
            def.keyword = keyword;
        this.addKeyword(def);
    }
}
function getMetaSchemaOptions() {
    const metaOpts = { ...this.opts };
    for (const opt of META_IGNORE_OPTIONS)
        delete metaOpts[opt];
    return metaOpts;
}
const noLogs = { log() { }, warn() { }, error() { } };
function getLogger(logger) {
    if (logger === false)
        return noLogs;
    if (logger === undefined)
        return console;
    if (logger.log && logger.warn && logger.error)
        return logger;
    throw new Error("logger must implement log, warn and error methods");
}
const KEYWORD_NAME = /^[a-z_$][a-z0-9_$:-]*$/i;
function checkKeyword(keyword, def) {
    const { RULES } = this;
    (0, util_1.eachItem)(keyword, (kwd) => {
        if (RULES.keywords[kwd])
            throw new Error(`Keyword ${kwd} is already defined`);
        if (!KEYWORD_NAME.test(kwd))
            throw new Error(`Keyword ${kwd} has invalid name`);
    });
    if (!def)
        return;
    if (def.$data && !("code" in def || "validate" in def)) {
        throw new Error('$data keyword must have "code" or "validate" function');
    }
}
function addRule(keyword, definition, dataType) {
    var _a;
    const post = definition === null || definition === void 0 ? void 0 : definition.post;
    if (dataType && post)
        throw new Error('keyword with "post" flag cannot have "type"');
    const { RULES } = this;
    let ruleGroup = post ? RULES.post : RULES.rules.find(({ type: t }) => t === dataType);
    if (!ruleGroup) {
        ruleGroup = { type: dataType, rules: [] };
        RULES.rules.push(ruleGroup);
    }
    RULES.keywords[keyword] = true;
    if (!definition)
        return;
    const rule = {
        keyword,
        definition: {
            ...definition,
            type: (0, dataType_1.getJSONTypes)(definition.type),
            schemaType: (0, dataType_1.getJSONTypes)(definition.schemaType),
        },
    };
    if (definition.before)
        addBeforeRule.call(this, ruleGroup, rule, definition.before);
    else
        ruleGroup.rules.push(rule);
    RULES.all[keyword] = rule;
    (_a = definition.implements) === null || _a === void 0 ? void 0 : _a.forEach((kwd) => this.addKeyword(kwd));
}
function addBeforeRule(ruleGroup, rule, before) {
    const i = ruleGroup.rules.findIndex((_rule) => _rule.keyword === before);
    if (i >= 0) {
        ruleGroup.rules.splice(i, 0, rule);
    }
    else {
        ruleGroup.rules.push(rule);
        this.logger.warn(`rule ${before} is not defined`);
    }
}
function keywordMetaschema(def) {
    let { metaSchema } = def;
    if (metaSchema === undefined)
        return;
    if (def.$data && this.opts.$data)
        metaSchema = schemaOrData(metaSchema);
    def.validateSchema = this.compile(metaSchema, true);
}
const $dataRef = {
    $ref: "https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#",
};
function schemaOrData(schema) {
    return { anyOf: [schema, $dataRef] };
}
//# sourceMappingURL=core.js.map

/***/ }),

/***/ 4951:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
// https://github.com/ajv-validator/ajv/issues/889
const equal = __nccwpck_require__(3430);
equal.code = 'require("ajv/dist/runtime/equal").default';
exports["default"] = equal;
//# sourceMappingURL=equal.js.map

/***/ }),

/***/ 6214:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
// https://mathiasbynens.be/notes/javascript-encoding
// https://github.com/bestiejs/punycode.js - punycode.ucs2.decode
function ucs2length(str) {
    const len = str.length;
    let length = 0;
    let pos = 0;
    let value;
    while (pos < len) {
        length++;
        value = str.charCodeAt(pos++);
        if (value >= 0xd800 && value <= 0xdbff && pos < len) {
            // high surrogate, and there is a next character
            value = str.charCodeAt(pos);
            if ((value & 0xfc00) === 0xdc00)
                pos++; // low surrogate
        }
    }
    return length;
}
exports["default"] = ucs2length;
ucs2length.code = 'require("ajv/dist/runtime/ucs2length").default';
//# sourceMappingURL=ucs2length.js.map

/***/ }),

/***/ 6285:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const uri = __nccwpck_require__(4352);
uri.code = 'require("ajv/dist/runtime/uri").default';
exports["default"] = uri;
//# sourceMappingURL=uri.js.map

/***/ }),

/***/ 3021:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
class ValidationError extends Error {
    constructor(errors) {
        super("validation failed");
        this.errors = errors;
        this.ajv = this.validation = true;
    }
}
exports["default"] = ValidationError;
//# sourceMappingURL=validation_error.js.map

/***/ }),

/***/ 3448:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.validateAdditionalItems = void 0;
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const error = {
    message: ({ params: { len } }) => (0, codegen_1.str) `must NOT have more than ${len} items`,
    params: ({ params: { len } }) => (0, codegen_1._) `{limit: ${len}}`,
};
const def = {
    keyword: "additionalItems",
    type: "array",
    schemaType: ["boolean", "object"],
    before: "uniqueItems",
    error,
    code(cxt) {
        const { parentSchema, it } = cxt;
        const { items } = parentSchema;
        if (!Array.isArray(items)) {
            (0, util_1.checkStrictMode)(it, '"additionalItems" is ignored when "items" is not an array of schemas');
            return;
        }
        validateAdditionalItems(cxt, items);
    },
};
function validateAdditionalItems(cxt, items) {
    const { gen, schema, data, keyword, it } = cxt;
    it.items = true;
    const len = gen.const("len", (0, codegen_1._) `${data}.length`);
    if (schema === false) {
        cxt.setParams({ len: items.length });
        cxt.pass((0, codegen_1._) `${len} <= ${items.length}`);
    }
    else if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
        const valid = gen.var("valid", (0, codegen_1._) `${len} <= ${items.length}`); // TODO var
        gen.if((0, codegen_1.not)(valid), () => validateItems(valid));
        cxt.ok(valid);
    }
    function validateItems(valid) {
        gen.forRange("i", items.length, len, (i) => {
            cxt.subschema({ keyword, dataProp: i, dataPropType: util_1.Type.Num }, valid);
            if (!it.allErrors)
                gen.if((0, codegen_1.not)(valid), () => gen.break());
        });
    }
}
exports.validateAdditionalItems = validateAdditionalItems;
exports["default"] = def;
//# sourceMappingURL=additionalItems.js.map

/***/ }),

/***/ 2431:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const code_1 = __nccwpck_require__(8484);
const codegen_1 = __nccwpck_require__(1436);
const names_1 = __nccwpck_require__(630);
const util_1 = __nccwpck_require__(4464);
const error = {
    message: "must NOT have additional properties",
    params: ({ params }) => (0, codegen_1._) `{additionalProperty: ${params.additionalProperty}}`,
};
const def = {
    keyword: "additionalProperties",
    type: ["object"],
    schemaType: ["boolean", "object"],
    allowUndefined: true,
    trackErrors: true,
    error,
    code(cxt) {
        const { gen, schema, parentSchema, data, errsCount, it } = cxt;
        /* istanbul ignore if */
        if (!errsCount)
            throw new Error("ajv implementation error");
        const { allErrors, opts } = it;
        it.props = true;
        if (opts.removeAdditional !== "all" && (0, util_1.alwaysValidSchema)(it, schema))
            return;
        const props = (0, code_1.allSchemaProperties)(parentSchema.properties);
        const patProps = (0, code_1.allSchemaProperties)(parentSchema.patternProperties);
        checkAdditionalProperties();
        cxt.ok((0, codegen_1._) `${errsCount} === ${names_1.default.errors}`);
        function checkAdditionalProperties() {
            gen.forIn("key", data, (key) => {
                if (!props.length && !patProps.length)
                    additionalPropertyCode(key);
                else
                    gen.if(isAdditional(key), () => additionalPropertyCode(key));
            });
        }
        function isAdditional(key) {
            let definedProp;
            if (props.length > 8) {
                // TODO maybe an option instead of hard-coded 8?
                const propsSchema = (0, util_1.schemaRefOrVal)(it, parentSchema.properties, "properties");
                definedProp = (0, code_1.isOwnProperty)(gen, propsSchema, key);
            }
            else if (props.length) {
                definedProp = (0, codegen_1.or)(...props.map((p) => (0, codegen_1._) `${key} === ${p}`));
            }
            else {
                definedProp = codegen_1.nil;
            }
            if (patProps.length) {
                definedProp = (0, codegen_1.or)(definedProp, ...patProps.map((p) => (0, codegen_1._) `${(0, code_1.usePattern)(cxt, p)}.test(${key})`));
            }
            return (0, codegen_1.not)(definedProp);
        }
        function deleteAdditional(key) {
            gen.code((0, codegen_1._) `delete ${data}[${key}]`);
        }
        function additionalPropertyCode(key) {
            if (opts.removeAdditional === "all" || (opts.removeAdditional && schema === false)) {
                deleteAdditional(key);
                return;
            }
            if (schema === false) {
                cxt.setParams({ additionalProperty: key });
                cxt.error();
                if (!allErrors)
                    gen.break();
                return;
            }
            if (typeof schema == "object" && !(0, util_1.alwaysValidSchema)(it, schema)) {
                const valid = gen.name("valid");
                if (opts.removeAdditional === "failing") {
                    applyAdditionalSchema(key, valid, false);
                    gen.if((0, codegen_1.not)(valid), () => {
                        cxt.reset();
                        deleteAdditional(key);
                    });
                }
                else {
                    applyAdditionalSchema(key, valid);
                    if (!allErrors)
                        gen.if((0, codegen_1.not)(valid), () => gen.break());
                }
            }
        }
        function applyAdditionalSchema(key, valid, errors) {
            const subschema = {
                keyword: "additionalProperties",
                dataProp: key,
                dataPropType: util_1.Type.Str,
            };
            if (errors === false) {
                Object.assign(subschema, {
                    compositeRule: true,
                    createErrors: false,
                    allErrors: false,
                });
            }
            cxt.subschema(subschema, valid);
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=additionalProperties.js.map

/***/ }),

/***/ 9205:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const util_1 = __nccwpck_require__(4464);
const def = {
    keyword: "allOf",
    schemaType: "array",
    code(cxt) {
        const { gen, schema, it } = cxt;
        /* istanbul ignore if */
        if (!Array.isArray(schema))
            throw new Error("ajv implementation error");
        const valid = gen.name("valid");
        schema.forEach((sch, i) => {
            if ((0, util_1.alwaysValidSchema)(it, sch))
                return;
            const schCxt = cxt.subschema({ keyword: "allOf", schemaProp: i }, valid);
            cxt.ok(valid);
            cxt.mergeEvaluated(schCxt);
        });
    },
};
exports["default"] = def;
//# sourceMappingURL=allOf.js.map

/***/ }),

/***/ 9380:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const code_1 = __nccwpck_require__(8484);
const def = {
    keyword: "anyOf",
    schemaType: "array",
    trackErrors: true,
    code: code_1.validateUnion,
    error: { message: "must match a schema in anyOf" },
};
exports["default"] = def;
//# sourceMappingURL=anyOf.js.map

/***/ }),

/***/ 6182:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const error = {
    message: ({ params: { min, max } }) => max === undefined
        ? (0, codegen_1.str) `must contain at least ${min} valid item(s)`
        : (0, codegen_1.str) `must contain at least ${min} and no more than ${max} valid item(s)`,
    params: ({ params: { min, max } }) => max === undefined ? (0, codegen_1._) `{minContains: ${min}}` : (0, codegen_1._) `{minContains: ${min}, maxContains: ${max}}`,
};
const def = {
    keyword: "contains",
    type: "array",
    schemaType: ["object", "boolean"],
    before: "uniqueItems",
    trackErrors: true,
    error,
    code(cxt) {
        const { gen, schema, parentSchema, data, it } = cxt;
        let min;
        let max;
        const { minContains, maxContains } = parentSchema;
        if (it.opts.next) {
            min = minContains === undefined ? 1 : minContains;
            max = maxContains;
        }
        else {
            min = 1;
        }
        const len = gen.const("len", (0, codegen_1._) `${data}.length`);
        cxt.setParams({ min, max });
        if (max === undefined && min === 0) {
            (0, util_1.checkStrictMode)(it, `"minContains" == 0 without "maxContains": "contains" keyword ignored`);
            return;
        }
        if (max !== undefined && min > max) {
            (0, util_1.checkStrictMode)(it, `"minContains" > "maxContains" is always invalid`);
            cxt.fail();
            return;
        }
        if ((0, util_1.alwaysValidSchema)(it, schema)) {
            let cond = (0, codegen_1._) `${len} >= ${min}`;
            if (max !== undefined)
                cond = (0, codegen_1._) `${cond} && ${len} <= ${max}`;
            cxt.pass(cond);
            return;
        }
        it.items = true;
        const valid = gen.name("valid");
        if (max === undefined && min === 1) {
            validateItems(valid, () => gen.if(valid, () => gen.break()));
        }
        else if (min === 0) {
            gen.let(valid, true);
            if (max !== undefined)
                gen.if((0, codegen_1._) `${data}.length > 0`, validateItemsWithCount);
        }
        else {
            gen.let(valid, false);
            validateItemsWithCount();
        }
        cxt.result(valid, () => cxt.reset());
        function validateItemsWithCount() {
            const schValid = gen.name("_valid");
            const count = gen.let("count", 0);
            validateItems(schValid, () => gen.if(schValid, () => checkLimits(count)));
        }
        function validateItems(_valid, block) {
            gen.forRange("i", 0, len, (i) => {
                cxt.subschema({
                    keyword: "contains",
                    dataProp: i,
                    dataPropType: util_1.Type.Num,
                    compositeRule: true,
                }, _valid);
                block();
            });
        }
        function checkLimits(count) {
            gen.code((0, codegen_1._) `${count}++`);
            if (max === undefined) {
                gen.if((0, codegen_1._) `${count} >= ${min}`, () => gen.assign(valid, true).break());
            }
            else {
                gen.if((0, codegen_1._) `${count} > ${max}`, () => gen.assign(valid, false).break());
                if (min === 1)
                    gen.assign(valid, true);
                else
                    gen.if((0, codegen_1._) `${count} >= ${min}`, () => gen.assign(valid, true));
            }
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=contains.js.map

/***/ }),

/***/ 5826:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.validateSchemaDeps = exports.validatePropertyDeps = exports.error = void 0;
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const code_1 = __nccwpck_require__(8484);
exports.error = {
    message: ({ params: { property, depsCount, deps } }) => {
        const property_ies = depsCount === 1 ? "property" : "properties";
        return (0, codegen_1.str) `must have ${property_ies} ${deps} when property ${property} is present`;
    },
    params: ({ params: { property, depsCount, deps, missingProperty } }) => (0, codegen_1._) `{property: ${property},
    missingProperty: ${missingProperty},
    depsCount: ${depsCount},
    deps: ${deps}}`, // TODO change to reference
};
const def = {
    keyword: "dependencies",
    type: "object",
    schemaType: "object",
    error: exports.error,
    code(cxt) {
        const [propDeps, schDeps] = splitDependencies(cxt);
        validatePropertyDeps(cxt, propDeps);
        validateSchemaDeps(cxt, schDeps);
    },
};
function splitDependencies({ schema }) {
    const propertyDeps = {};
    const schemaDeps = {};
    for (const key in schema) {
        if (key === "__proto__")
            continue;
        const deps = Array.isArray(schema[key]) ? propertyDeps : schemaDeps;
        deps[key] = schema[key];
    }
    return [propertyDeps, schemaDeps];
}
function validatePropertyDeps(cxt, propertyDeps = cxt.schema) {
    const { gen, data, it } = cxt;
    if (Object.keys(propertyDeps).length === 0)
        return;
    const missing = gen.let("missing");
    for (const prop in propertyDeps) {
        const deps = propertyDeps[prop];
        if (deps.length === 0)
            continue;
        const hasProperty = (0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties);
        cxt.setParams({
            property: prop,
            depsCount: deps.length,
            deps: deps.join(", "),
        });
        if (it.allErrors) {
            gen.if(hasProperty, () => {
                for (const depProp of deps) {
                    (0, code_1.checkReportMissingProp)(cxt, depProp);
                }
            });
        }
        else {
            gen.if((0, codegen_1._) `${hasProperty} && (${(0, code_1.checkMissingProp)(cxt, deps, missing)})`);
            (0, code_1.reportMissingProp)(cxt, missing);
            gen.else();
        }
    }
}
exports.validatePropertyDeps = validatePropertyDeps;
function validateSchemaDeps(cxt, schemaDeps = cxt.schema) {
    const { gen, data, keyword, it } = cxt;
    const valid = gen.name("valid");
    for (const prop in schemaDeps) {
        if ((0, util_1.alwaysValidSchema)(it, schemaDeps[prop]))
            continue;
        gen.if((0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties), () => {
            const schCxt = cxt.subschema({ keyword, schemaProp: prop }, valid);
            cxt.mergeValidEvaluated(schCxt, valid);
        }, () => gen.var(valid, true) // TODO var
        );
        cxt.ok(valid);
    }
}
exports.validateSchemaDeps = validateSchemaDeps;
exports["default"] = def;
//# sourceMappingURL=dependencies.js.map

/***/ }),

/***/ 8584:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const error = {
    message: ({ params }) => (0, codegen_1.str) `must match "${params.ifClause}" schema`,
    params: ({ params }) => (0, codegen_1._) `{failingKeyword: ${params.ifClause}}`,
};
const def = {
    keyword: "if",
    schemaType: ["object", "boolean"],
    trackErrors: true,
    error,
    code(cxt) {
        const { gen, parentSchema, it } = cxt;
        if (parentSchema.then === undefined && parentSchema.else === undefined) {
            (0, util_1.checkStrictMode)(it, '"if" without "then" and "else" is ignored');
        }
        const hasThen = hasSchema(it, "then");
        const hasElse = hasSchema(it, "else");
        if (!hasThen && !hasElse)
            return;
        const valid = gen.let("valid", true);
        const schValid = gen.name("_valid");
        validateIf();
        cxt.reset();
        if (hasThen && hasElse) {
            const ifClause = gen.let("ifClause");
            cxt.setParams({ ifClause });
            gen.if(schValid, validateClause("then", ifClause), validateClause("else", ifClause));
        }
        else if (hasThen) {
            gen.if(schValid, validateClause("then"));
        }
        else {
            gen.if((0, codegen_1.not)(schValid), validateClause("else"));
        }
        cxt.pass(valid, () => cxt.error(true));
        function validateIf() {
            const schCxt = cxt.subschema({
                keyword: "if",
                compositeRule: true,
                createErrors: false,
                allErrors: false,
            }, schValid);
            cxt.mergeEvaluated(schCxt);
        }
        function validateClause(keyword, ifClause) {
            return () => {
                const schCxt = cxt.subschema({ keyword }, schValid);
                gen.assign(valid, schValid);
                cxt.mergeValidEvaluated(schCxt, valid);
                if (ifClause)
                    gen.assign(ifClause, (0, codegen_1._) `${keyword}`);
                else
                    cxt.setParams({ ifClause: keyword });
            };
        }
    },
};
function hasSchema(it, keyword) {
    const schema = it.schema[keyword];
    return schema !== undefined && !(0, util_1.alwaysValidSchema)(it, schema);
}
exports["default"] = def;
//# sourceMappingURL=if.js.map

/***/ }),

/***/ 8775:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const additionalItems_1 = __nccwpck_require__(3448);
const prefixItems_1 = __nccwpck_require__(6467);
const items_1 = __nccwpck_require__(5791);
const items2020_1 = __nccwpck_require__(2959);
const contains_1 = __nccwpck_require__(6182);
const dependencies_1 = __nccwpck_require__(5826);
const propertyNames_1 = __nccwpck_require__(1372);
const additionalProperties_1 = __nccwpck_require__(2431);
const properties_1 = __nccwpck_require__(8778);
const patternProperties_1 = __nccwpck_require__(664);
const not_1 = __nccwpck_require__(8350);
const anyOf_1 = __nccwpck_require__(9380);
const oneOf_1 = __nccwpck_require__(2490);
const allOf_1 = __nccwpck_require__(9205);
const if_1 = __nccwpck_require__(8584);
const thenElse_1 = __nccwpck_require__(6829);
function getApplicator(draft2020 = false) {
    const applicator = [
        // any
        not_1.default,
        anyOf_1.default,
        oneOf_1.default,
        allOf_1.default,
        if_1.default,
        thenElse_1.default,
        // object
        propertyNames_1.default,
        additionalProperties_1.default,
        dependencies_1.default,
        properties_1.default,
        patternProperties_1.default,
    ];
    // array
    if (draft2020)
        applicator.push(prefixItems_1.default, items2020_1.default);
    else
        applicator.push(additionalItems_1.default, items_1.default);
    applicator.push(contains_1.default);
    return applicator;
}
exports["default"] = getApplicator;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 5791:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.validateTuple = void 0;
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const code_1 = __nccwpck_require__(8484);
const def = {
    keyword: "items",
    type: "array",
    schemaType: ["object", "array", "boolean"],
    before: "uniqueItems",
    code(cxt) {
        const { schema, it } = cxt;
        if (Array.isArray(schema))
            return validateTuple(cxt, "additionalItems", schema);
        it.items = true;
        if ((0, util_1.alwaysValidSchema)(it, schema))
            return;
        cxt.ok((0, code_1.validateArray)(cxt));
    },
};
function validateTuple(cxt, extraItems, schArr = cxt.schema) {
    const { gen, parentSchema, data, keyword, it } = cxt;
    checkStrictTuple(parentSchema);
    if (it.opts.unevaluated && schArr.length && it.items !== true) {
        it.items = util_1.mergeEvaluated.items(gen, schArr.length, it.items);
    }
    const valid = gen.name("valid");
    const len = gen.const("len", (0, codegen_1._) `${data}.length`);
    schArr.forEach((sch, i) => {
        if ((0, util_1.alwaysValidSchema)(it, sch))
            return;
        gen.if((0, codegen_1._) `${len} > ${i}`, () => cxt.subschema({
            keyword,
            schemaProp: i,
            dataProp: i,
        }, valid));
        cxt.ok(valid);
    });
    function checkStrictTuple(sch) {
        const { opts, errSchemaPath } = it;
        const l = schArr.length;
        const fullTuple = l === sch.minItems && (l === sch.maxItems || sch[extraItems] === false);
        if (opts.strictTuples && !fullTuple) {
            const msg = `"${keyword}" is ${l}-tuple, but minItems or maxItems/${extraItems} are not specified or different at path "${errSchemaPath}"`;
            (0, util_1.checkStrictMode)(it, msg, opts.strictTuples);
        }
    }
}
exports.validateTuple = validateTuple;
exports["default"] = def;
//# sourceMappingURL=items.js.map

/***/ }),

/***/ 2959:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const code_1 = __nccwpck_require__(8484);
const additionalItems_1 = __nccwpck_require__(3448);
const error = {
    message: ({ params: { len } }) => (0, codegen_1.str) `must NOT have more than ${len} items`,
    params: ({ params: { len } }) => (0, codegen_1._) `{limit: ${len}}`,
};
const def = {
    keyword: "items",
    type: "array",
    schemaType: ["object", "boolean"],
    before: "uniqueItems",
    error,
    code(cxt) {
        const { schema, parentSchema, it } = cxt;
        const { prefixItems } = parentSchema;
        it.items = true;
        if ((0, util_1.alwaysValidSchema)(it, schema))
            return;
        if (prefixItems)
            (0, additionalItems_1.validateAdditionalItems)(cxt, prefixItems);
        else
            cxt.ok((0, code_1.validateArray)(cxt));
    },
};
exports["default"] = def;
//# sourceMappingURL=items2020.js.map

/***/ }),

/***/ 8350:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const util_1 = __nccwpck_require__(4464);
const def = {
    keyword: "not",
    schemaType: ["object", "boolean"],
    trackErrors: true,
    code(cxt) {
        const { gen, schema, it } = cxt;
        if ((0, util_1.alwaysValidSchema)(it, schema)) {
            cxt.fail();
            return;
        }
        const valid = gen.name("valid");
        cxt.subschema({
            keyword: "not",
            compositeRule: true,
            createErrors: false,
            allErrors: false,
        }, valid);
        cxt.failResult(valid, () => cxt.reset(), () => cxt.error());
    },
    error: { message: "must NOT be valid" },
};
exports["default"] = def;
//# sourceMappingURL=not.js.map

/***/ }),

/***/ 2490:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const error = {
    message: "must match exactly one schema in oneOf",
    params: ({ params }) => (0, codegen_1._) `{passingSchemas: ${params.passing}}`,
};
const def = {
    keyword: "oneOf",
    schemaType: "array",
    trackErrors: true,
    error,
    code(cxt) {
        const { gen, schema, parentSchema, it } = cxt;
        /* istanbul ignore if */
        if (!Array.isArray(schema))
            throw new Error("ajv implementation error");
        if (it.opts.discriminator && parentSchema.discriminator)
            return;
        const schArr = schema;
        const valid = gen.let("valid", false);
        const passing = gen.let("passing", null);
        const schValid = gen.name("_valid");
        cxt.setParams({ passing });
        // TODO possibly fail straight away (with warning or exception) if there are two empty always valid schemas
        gen.block(validateOneOf);
        cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
        function validateOneOf() {
            schArr.forEach((sch, i) => {
                let schCxt;
                if ((0, util_1.alwaysValidSchema)(it, sch)) {
                    gen.var(schValid, true);
                }
                else {
                    schCxt = cxt.subschema({
                        keyword: "oneOf",
                        schemaProp: i,
                        compositeRule: true,
                    }, schValid);
                }
                if (i > 0) {
                    gen
                        .if((0, codegen_1._) `${schValid} && ${valid}`)
                        .assign(valid, false)
                        .assign(passing, (0, codegen_1._) `[${passing}, ${i}]`)
                        .else();
                }
                gen.if(schValid, () => {
                    gen.assign(valid, true);
                    gen.assign(passing, i);
                    if (schCxt)
                        cxt.mergeEvaluated(schCxt, codegen_1.Name);
                });
            });
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=oneOf.js.map

/***/ }),

/***/ 664:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const code_1 = __nccwpck_require__(8484);
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const util_2 = __nccwpck_require__(4464);
const def = {
    keyword: "patternProperties",
    type: "object",
    schemaType: "object",
    code(cxt) {
        const { gen, schema, data, parentSchema, it } = cxt;
        const { opts } = it;
        const patterns = (0, code_1.allSchemaProperties)(schema);
        const alwaysValidPatterns = patterns.filter((p) => (0, util_1.alwaysValidSchema)(it, schema[p]));
        if (patterns.length === 0 ||
            (alwaysValidPatterns.length === patterns.length &&
                (!it.opts.unevaluated || it.props === true))) {
            return;
        }
        const checkProperties = opts.strictSchema && !opts.allowMatchingProperties && parentSchema.properties;
        const valid = gen.name("valid");
        if (it.props !== true && !(it.props instanceof codegen_1.Name)) {
            it.props = (0, util_2.evaluatedPropsToName)(gen, it.props);
        }
        const { props } = it;
        validatePatternProperties();
        function validatePatternProperties() {
            for (const pat of patterns) {
                if (checkProperties)
                    checkMatchingProperties(pat);
                if (it.allErrors) {
                    validateProperties(pat);
                }
                else {
                    gen.var(valid, true); // TODO var
                    validateProperties(pat);
                    gen.if(valid);
                }
            }
        }
        function checkMatchingProperties(pat) {
            for (const prop in checkProperties) {
                if (new RegExp(pat).test(prop)) {
                    (0, util_1.checkStrictMode)(it, `property ${prop} matches pattern ${pat} (use allowMatchingProperties)`);
                }
            }
        }
        function validateProperties(pat) {
            gen.forIn("key", data, (key) => {
                gen.if((0, codegen_1._) `${(0, code_1.usePattern)(cxt, pat)}.test(${key})`, () => {
                    const alwaysValid = alwaysValidPatterns.includes(pat);
                    if (!alwaysValid) {
                        cxt.subschema({
                            keyword: "patternProperties",
                            schemaProp: pat,
                            dataProp: key,
                            dataPropType: util_2.Type.Str,
                        }, valid);
                    }
                    if (it.opts.unevaluated && props !== true) {
                        gen.assign((0, codegen_1._) `${props}[${key}]`, true);
                    }
                    else if (!alwaysValid && !it.allErrors) {
                        // can short-circuit if `unevaluatedProperties` is not supported (opts.next === false)
                        // or if all properties were evaluated (props === true)
                        gen.if((0, codegen_1.not)(valid), () => gen.break());
                    }
                });
            });
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=patternProperties.js.map

/***/ }),

/***/ 6467:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const items_1 = __nccwpck_require__(5791);
const def = {
    keyword: "prefixItems",
    type: "array",
    schemaType: ["array"],
    before: "uniqueItems",
    code: (cxt) => (0, items_1.validateTuple)(cxt, "items"),
};
exports["default"] = def;
//# sourceMappingURL=prefixItems.js.map

/***/ }),

/***/ 8778:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const validate_1 = __nccwpck_require__(7881);
const code_1 = __nccwpck_require__(8484);
const util_1 = __nccwpck_require__(4464);
const additionalProperties_1 = __nccwpck_require__(2431);
const def = {
    keyword: "properties",
    type: "object",
    schemaType: "object",
    code(cxt) {
        const { gen, schema, parentSchema, data, it } = cxt;
        if (it.opts.removeAdditional === "all" && parentSchema.additionalProperties === undefined) {
            additionalProperties_1.default.code(new validate_1.KeywordCxt(it, additionalProperties_1.default, "additionalProperties"));
        }
        const allProps = (0, code_1.allSchemaProperties)(schema);
        for (const prop of allProps) {
            it.definedProperties.add(prop);
        }
        if (it.opts.unevaluated && allProps.length && it.props !== true) {
            it.props = util_1.mergeEvaluated.props(gen, (0, util_1.toHash)(allProps), it.props);
        }
        const properties = allProps.filter((p) => !(0, util_1.alwaysValidSchema)(it, schema[p]));
        if (properties.length === 0)
            return;
        const valid = gen.name("valid");
        for (const prop of properties) {
            if (hasDefault(prop)) {
                applyPropertySchema(prop);
            }
            else {
                gen.if((0, code_1.propertyInData)(gen, data, prop, it.opts.ownProperties));
                applyPropertySchema(prop);
                if (!it.allErrors)
                    gen.else().var(valid, true);
                gen.endIf();
            }
            cxt.it.definedProperties.add(prop);
            cxt.ok(valid);
        }
        function hasDefault(prop) {
            return it.opts.useDefaults && !it.compositeRule && schema[prop].default !== undefined;
        }
        function applyPropertySchema(prop) {
            cxt.subschema({
                keyword: "properties",
                schemaProp: prop,
                dataProp: prop,
            }, valid);
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=properties.js.map

/***/ }),

/***/ 1372:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const error = {
    message: "property name must be valid",
    params: ({ params }) => (0, codegen_1._) `{propertyName: ${params.propertyName}}`,
};
const def = {
    keyword: "propertyNames",
    type: "object",
    schemaType: ["object", "boolean"],
    error,
    code(cxt) {
        const { gen, schema, data, it } = cxt;
        if ((0, util_1.alwaysValidSchema)(it, schema))
            return;
        const valid = gen.name("valid");
        gen.forIn("key", data, (key) => {
            cxt.setParams({ propertyName: key });
            cxt.subschema({
                keyword: "propertyNames",
                data: key,
                dataTypes: ["string"],
                propertyName: key,
                compositeRule: true,
            }, valid);
            gen.if((0, codegen_1.not)(valid), () => {
                cxt.error(true);
                if (!it.allErrors)
                    gen.break();
            });
        });
        cxt.ok(valid);
    },
};
exports["default"] = def;
//# sourceMappingURL=propertyNames.js.map

/***/ }),

/***/ 6829:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const util_1 = __nccwpck_require__(4464);
const def = {
    keyword: ["then", "else"],
    schemaType: ["object", "boolean"],
    code({ keyword, parentSchema, it }) {
        if (parentSchema.if === undefined)
            (0, util_1.checkStrictMode)(it, `"${keyword}" without "if" is ignored`);
    },
};
exports["default"] = def;
//# sourceMappingURL=thenElse.js.map

/***/ }),

/***/ 8484:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.validateUnion = exports.validateArray = exports.usePattern = exports.callValidateCode = exports.schemaProperties = exports.allSchemaProperties = exports.noPropertyInData = exports.propertyInData = exports.isOwnProperty = exports.hasPropFunc = exports.reportMissingProp = exports.checkMissingProp = exports.checkReportMissingProp = void 0;
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const names_1 = __nccwpck_require__(630);
const util_2 = __nccwpck_require__(4464);
function checkReportMissingProp(cxt, prop) {
    const { gen, data, it } = cxt;
    gen.if(noPropertyInData(gen, data, prop, it.opts.ownProperties), () => {
        cxt.setParams({ missingProperty: (0, codegen_1._) `${prop}` }, true);
        cxt.error();
    });
}
exports.checkReportMissingProp = checkReportMissingProp;
function checkMissingProp({ gen, data, it: { opts } }, properties, missing) {
    return (0, codegen_1.or)(...properties.map((prop) => (0, codegen_1.and)(noPropertyInData(gen, data, prop, opts.ownProperties), (0, codegen_1._) `${missing} = ${prop}`)));
}
exports.checkMissingProp = checkMissingProp;
function reportMissingProp(cxt, missing) {
    cxt.setParams({ missingProperty: missing }, true);
    cxt.error();
}
exports.reportMissingProp = reportMissingProp;
function hasPropFunc(gen) {
    return gen.scopeValue("func", {
        // eslint-disable-next-line @typescript-eslint/unbound-method
        ref: Object.prototype.hasOwnProperty,
        code: (0, codegen_1._) `Object.prototype.hasOwnProperty`,
    });
}
exports.hasPropFunc = hasPropFunc;
function isOwnProperty(gen, data, property) {
    return (0, codegen_1._) `${hasPropFunc(gen)}.call(${data}, ${property})`;
}
exports.isOwnProperty = isOwnProperty;
function propertyInData(gen, data, property, ownProperties) {
    const cond = (0, codegen_1._) `${data}${(0, codegen_1.getProperty)(property)} !== undefined`;
    return ownProperties ? (0, codegen_1._) `${cond} && ${isOwnProperty(gen, data, property)}` : cond;
}
exports.propertyInData = propertyInData;
function noPropertyInData(gen, data, property, ownProperties) {
    const cond = (0, codegen_1._) `${data}${(0, codegen_1.getProperty)(property)} === undefined`;
    return ownProperties ? (0, codegen_1.or)(cond, (0, codegen_1.not)(isOwnProperty(gen, data, property))) : cond;
}
exports.noPropertyInData = noPropertyInData;
function allSchemaProperties(schemaMap) {
    return schemaMap ? Object.keys(schemaMap).filter((p) => p !== "__proto__") : [];
}
exports.allSchemaProperties = allSchemaProperties;
function schemaProperties(it, schemaMap) {
    return allSchemaProperties(schemaMap).filter((p) => !(0, util_1.alwaysValidSchema)(it, schemaMap[p]));
}
exports.schemaProperties = schemaProperties;
function callValidateCode({ schemaCode, data, it: { gen, topSchemaRef, schemaPath, errorPath }, it }, func, context, passSchema) {
    const dataAndSchema = passSchema ? (0, codegen_1._) `${schemaCode}, ${data}, ${topSchemaRef}${schemaPath}` : data;
    const valCxt = [
        [names_1.default.instancePath, (0, codegen_1.strConcat)(names_1.default.instancePath, errorPath)],
        [names_1.default.parentData, it.parentData],
        [names_1.default.parentDataProperty, it.parentDataProperty],
        [names_1.default.rootData, names_1.default.rootData],
    ];
    if (it.opts.dynamicRef)
        valCxt.push([names_1.default.dynamicAnchors, names_1.default.dynamicAnchors]);
    const args = (0, codegen_1._) `${dataAndSchema}, ${gen.object(...valCxt)}`;
    return context !== codegen_1.nil ? (0, codegen_1._) `${func}.call(${context}, ${args})` : (0, codegen_1._) `${func}(${args})`;
}
exports.callValidateCode = callValidateCode;
const newRegExp = (0, codegen_1._) `new RegExp`;
function usePattern({ gen, it: { opts } }, pattern) {
    const u = opts.unicodeRegExp ? "u" : "";
    const { regExp } = opts.code;
    const rx = regExp(pattern, u);
    return gen.scopeValue("pattern", {
        key: rx.toString(),
        ref: rx,
        code: (0, codegen_1._) `${regExp.code === "new RegExp" ? newRegExp : (0, util_2.useFunc)(gen, regExp)}(${pattern}, ${u})`,
    });
}
exports.usePattern = usePattern;
function validateArray(cxt) {
    const { gen, data, keyword, it } = cxt;
    const valid = gen.name("valid");
    if (it.allErrors) {
        const validArr = gen.let("valid", true);
        validateItems(() => gen.assign(validArr, false));
        return validArr;
    }
    gen.var(valid, true);
    validateItems(() => gen.break());
    return valid;
    function validateItems(notValid) {
        const len = gen.const("len", (0, codegen_1._) `${data}.length`);
        gen.forRange("i", 0, len, (i) => {
            cxt.subschema({
                keyword,
                dataProp: i,
                dataPropType: util_1.Type.Num,
            }, valid);
            gen.if((0, codegen_1.not)(valid), notValid);
        });
    }
}
exports.validateArray = validateArray;
function validateUnion(cxt) {
    const { gen, schema, keyword, it } = cxt;
    /* istanbul ignore if */
    if (!Array.isArray(schema))
        throw new Error("ajv implementation error");
    const alwaysValid = schema.some((sch) => (0, util_1.alwaysValidSchema)(it, sch));
    if (alwaysValid && !it.opts.unevaluated)
        return;
    const valid = gen.let("valid", false);
    const schValid = gen.name("_valid");
    gen.block(() => schema.forEach((_sch, i) => {
        const schCxt = cxt.subschema({
            keyword,
            schemaProp: i,
            compositeRule: true,
        }, schValid);
        gen.assign(valid, (0, codegen_1._) `${valid} || ${schValid}`);
        const merged = cxt.mergeValidEvaluated(schCxt, schValid);
        // can short-circuit if `unevaluatedProperties/Items` not supported (opts.unevaluated !== true)
        // or if all properties and items were evaluated (it.props === true && it.items === true)
        if (!merged)
            gen.if((0, codegen_1.not)(valid));
    }));
    cxt.result(valid, () => cxt.reset(), () => cxt.error(true));
}
exports.validateUnion = validateUnion;
//# sourceMappingURL=code.js.map

/***/ }),

/***/ 9872:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const def = {
    keyword: "id",
    code() {
        throw new Error('NOT SUPPORTED: keyword "id", use "$id" for schema ID');
    },
};
exports["default"] = def;
//# sourceMappingURL=id.js.map

/***/ }),

/***/ 7397:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const id_1 = __nccwpck_require__(9872);
const ref_1 = __nccwpck_require__(2996);
const core = [
    "$schema",
    "$id",
    "$defs",
    "$vocabulary",
    { keyword: "$comment" },
    "definitions",
    id_1.default,
    ref_1.default,
];
exports["default"] = core;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 2996:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.callRef = exports.getValidate = void 0;
const ref_error_1 = __nccwpck_require__(3162);
const code_1 = __nccwpck_require__(8484);
const codegen_1 = __nccwpck_require__(1436);
const names_1 = __nccwpck_require__(630);
const compile_1 = __nccwpck_require__(2718);
const util_1 = __nccwpck_require__(4464);
const def = {
    keyword: "$ref",
    schemaType: "string",
    code(cxt) {
        const { gen, schema: $ref, it } = cxt;
        const { baseId, schemaEnv: env, validateName, opts, self } = it;
        const { root } = env;
        if (($ref === "#" || $ref === "#/") && baseId === root.baseId)
            return callRootRef();
        const schOrEnv = compile_1.resolveRef.call(self, root, baseId, $ref);
        if (schOrEnv === undefined)
            throw new ref_error_1.default(it.opts.uriResolver, baseId, $ref);
        if (schOrEnv instanceof compile_1.SchemaEnv)
            return callValidate(schOrEnv);
        return inlineRefSchema(schOrEnv);
        function callRootRef() {
            if (env === root)
                return callRef(cxt, validateName, env, env.$async);
            const rootName = gen.scopeValue("root", { ref: root });
            return callRef(cxt, (0, codegen_1._) `${rootName}.validate`, root, root.$async);
        }
        function callValidate(sch) {
            const v = getValidate(cxt, sch);
            callRef(cxt, v, sch, sch.$async);
        }
        function inlineRefSchema(sch) {
            const schName = gen.scopeValue("schema", opts.code.source === true ? { ref: sch, code: (0, codegen_1.stringify)(sch) } : { ref: sch });
            const valid = gen.name("valid");
            const schCxt = cxt.subschema({
                schema: sch,
                dataTypes: [],
                schemaPath: codegen_1.nil,
                topSchemaRef: schName,
                errSchemaPath: $ref,
            }, valid);
            cxt.mergeEvaluated(schCxt);
            cxt.ok(valid);
        }
    },
};
function getValidate(cxt, sch) {
    const { gen } = cxt;
    return sch.validate
        ? gen.scopeValue("validate", { ref: sch.validate })
        : (0, codegen_1._) `${gen.scopeValue("wrapper", { ref: sch })}.validate`;
}
exports.getValidate = getValidate;
function callRef(cxt, v, sch, $async) {
    const { gen, it } = cxt;
    const { allErrors, schemaEnv: env, opts } = it;
    const passCxt = opts.passContext ? names_1.default.this : codegen_1.nil;
    if ($async)
        callAsyncRef();
    else
        callSyncRef();
    function callAsyncRef() {
        if (!env.$async)
            throw new Error("async schema referenced by sync schema");
        const valid = gen.let("valid");
        gen.try(() => {
            gen.code((0, codegen_1._) `await ${(0, code_1.callValidateCode)(cxt, v, passCxt)}`);
            addEvaluatedFrom(v); // TODO will not work with async, it has to be returned with the result
            if (!allErrors)
                gen.assign(valid, true);
        }, (e) => {
            gen.if((0, codegen_1._) `!(${e} instanceof ${it.ValidationError})`, () => gen.throw(e));
            addErrorsFrom(e);
            if (!allErrors)
                gen.assign(valid, false);
        });
        cxt.ok(valid);
    }
    function callSyncRef() {
        cxt.result((0, code_1.callValidateCode)(cxt, v, passCxt), () => addEvaluatedFrom(v), () => addErrorsFrom(v));
    }
    function addErrorsFrom(source) {
        const errs = (0, codegen_1._) `${source}.errors`;
        gen.assign(names_1.default.vErrors, (0, codegen_1._) `${names_1.default.vErrors} === null ? ${errs} : ${names_1.default.vErrors}.concat(${errs})`); // TODO tagged
        gen.assign(names_1.default.errors, (0, codegen_1._) `${names_1.default.vErrors}.length`);
    }
    function addEvaluatedFrom(source) {
        var _a;
        if (!it.opts.unevaluated)
            return;
        const schEvaluated = (_a = sch === null || sch === void 0 ? void 0 : sch.validate) === null || _a === void 0 ? void 0 : _a.evaluated;
        // TODO refactor
        if (it.props !== true) {
            if (schEvaluated && !schEvaluated.dynamicProps) {
                if (schEvaluated.props !== undefined) {
                    it.props = util_1.mergeEvaluated.props(gen, schEvaluated.props, it.props);
                }
            }
            else {
                const props = gen.var("props", (0, codegen_1._) `${source}.evaluated.props`);
                it.props = util_1.mergeEvaluated.props(gen, props, it.props, codegen_1.Name);
            }
        }
        if (it.items !== true) {
            if (schEvaluated && !schEvaluated.dynamicItems) {
                if (schEvaluated.items !== undefined) {
                    it.items = util_1.mergeEvaluated.items(gen, schEvaluated.items, it.items);
                }
            }
            else {
                const items = gen.var("items", (0, codegen_1._) `${source}.evaluated.items`);
                it.items = util_1.mergeEvaluated.items(gen, items, it.items, codegen_1.Name);
            }
        }
    }
}
exports.callRef = callRef;
exports["default"] = def;
//# sourceMappingURL=ref.js.map

/***/ }),

/***/ 8886:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const types_1 = __nccwpck_require__(7115);
const compile_1 = __nccwpck_require__(2718);
const ref_error_1 = __nccwpck_require__(3162);
const util_1 = __nccwpck_require__(4464);
const error = {
    message: ({ params: { discrError, tagName } }) => discrError === types_1.DiscrError.Tag
        ? `tag "${tagName}" must be string`
        : `value of tag "${tagName}" must be in oneOf`,
    params: ({ params: { discrError, tag, tagName } }) => (0, codegen_1._) `{error: ${discrError}, tag: ${tagName}, tagValue: ${tag}}`,
};
const def = {
    keyword: "discriminator",
    type: "object",
    schemaType: "object",
    error,
    code(cxt) {
        const { gen, data, schema, parentSchema, it } = cxt;
        const { oneOf } = parentSchema;
        if (!it.opts.discriminator) {
            throw new Error("discriminator: requires discriminator option");
        }
        const tagName = schema.propertyName;
        if (typeof tagName != "string")
            throw new Error("discriminator: requires propertyName");
        if (schema.mapping)
            throw new Error("discriminator: mapping is not supported");
        if (!oneOf)
            throw new Error("discriminator: requires oneOf keyword");
        const valid = gen.let("valid", false);
        const tag = gen.const("tag", (0, codegen_1._) `${data}${(0, codegen_1.getProperty)(tagName)}`);
        gen.if((0, codegen_1._) `typeof ${tag} == "string"`, () => validateMapping(), () => cxt.error(false, { discrError: types_1.DiscrError.Tag, tag, tagName }));
        cxt.ok(valid);
        function validateMapping() {
            const mapping = getMapping();
            gen.if(false);
            for (const tagValue in mapping) {
                gen.elseIf((0, codegen_1._) `${tag} === ${tagValue}`);
                gen.assign(valid, applyTagSchema(mapping[tagValue]));
            }
            gen.else();
            cxt.error(false, { discrError: types_1.DiscrError.Mapping, tag, tagName });
            gen.endIf();
        }
        function applyTagSchema(schemaProp) {
            const _valid = gen.name("valid");
            const schCxt = cxt.subschema({ keyword: "oneOf", schemaProp }, _valid);
            cxt.mergeEvaluated(schCxt, codegen_1.Name);
            return _valid;
        }
        function getMapping() {
            var _a;
            const oneOfMapping = {};
            const topRequired = hasRequired(parentSchema);
            let tagRequired = true;
            for (let i = 0; i < oneOf.length; i++) {
                let sch = oneOf[i];
                if ((sch === null || sch === void 0 ? void 0 : sch.$ref) && !(0, util_1.schemaHasRulesButRef)(sch, it.self.RULES)) {
                    const ref = sch.$ref;
                    sch = compile_1.resolveRef.call(it.self, it.schemaEnv.root, it.baseId, ref);
                    if (sch instanceof compile_1.SchemaEnv)
                        sch = sch.schema;
                    if (sch === undefined)
                        throw new ref_error_1.default(it.opts.uriResolver, it.baseId, ref);
                }
                const propSch = (_a = sch === null || sch === void 0 ? void 0 : sch.properties) === null || _a === void 0 ? void 0 : _a[tagName];
                if (typeof propSch != "object") {
                    throw new Error(`discriminator: oneOf subschemas (or referenced schemas) must have "properties/${tagName}"`);
                }
                tagRequired = tagRequired && (topRequired || hasRequired(sch));
                addMappings(propSch, i);
            }
            if (!tagRequired)
                throw new Error(`discriminator: "${tagName}" must be required`);
            return oneOfMapping;
            function hasRequired({ required }) {
                return Array.isArray(required) && required.includes(tagName);
            }
            function addMappings(sch, i) {
                if (sch.const) {
                    addMapping(sch.const, i);
                }
                else if (sch.enum) {
                    for (const tagValue of sch.enum) {
                        addMapping(tagValue, i);
                    }
                }
                else {
                    throw new Error(`discriminator: "properties/${tagName}" must have "const" or "enum"`);
                }
            }
            function addMapping(tagValue, i) {
                if (typeof tagValue != "string" || tagValue in oneOfMapping) {
                    throw new Error(`discriminator: "${tagName}" values must be unique strings`);
                }
                oneOfMapping[tagValue] = i;
            }
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 7115:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.DiscrError = void 0;
var DiscrError;
(function (DiscrError) {
    DiscrError["Tag"] = "tag";
    DiscrError["Mapping"] = "mapping";
})(DiscrError || (exports.DiscrError = DiscrError = {}));
//# sourceMappingURL=types.js.map

/***/ }),

/***/ 9941:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const core_1 = __nccwpck_require__(7397);
const validation_1 = __nccwpck_require__(5481);
const applicator_1 = __nccwpck_require__(8775);
const format_1 = __nccwpck_require__(2601);
const metadata_1 = __nccwpck_require__(6620);
const draft7Vocabularies = [
    core_1.default,
    validation_1.default,
    (0, applicator_1.default)(),
    format_1.default,
    metadata_1.metadataVocabulary,
    metadata_1.contentVocabulary,
];
exports["default"] = draft7Vocabularies;
//# sourceMappingURL=draft7.js.map

/***/ }),

/***/ 6402:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const error = {
    message: ({ schemaCode }) => (0, codegen_1.str) `must match format "${schemaCode}"`,
    params: ({ schemaCode }) => (0, codegen_1._) `{format: ${schemaCode}}`,
};
const def = {
    keyword: "format",
    type: ["number", "string"],
    schemaType: "string",
    $data: true,
    error,
    code(cxt, ruleType) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        const { opts, errSchemaPath, schemaEnv, self } = it;
        if (!opts.validateFormats)
            return;
        if ($data)
            validate$DataFormat();
        else
            validateFormat();
        function validate$DataFormat() {
            const fmts = gen.scopeValue("formats", {
                ref: self.formats,
                code: opts.code.formats,
            });
            const fDef = gen.const("fDef", (0, codegen_1._) `${fmts}[${schemaCode}]`);
            const fType = gen.let("fType");
            const format = gen.let("format");
            // TODO simplify
            gen.if((0, codegen_1._) `typeof ${fDef} == "object" && !(${fDef} instanceof RegExp)`, () => gen.assign(fType, (0, codegen_1._) `${fDef}.type || "string"`).assign(format, (0, codegen_1._) `${fDef}.validate`), () => gen.assign(fType, (0, codegen_1._) `"string"`).assign(format, fDef));
            cxt.fail$data((0, codegen_1.or)(unknownFmt(), invalidFmt()));
            function unknownFmt() {
                if (opts.strictSchema === false)
                    return codegen_1.nil;
                return (0, codegen_1._) `${schemaCode} && !${format}`;
            }
            function invalidFmt() {
                const callFormat = schemaEnv.$async
                    ? (0, codegen_1._) `(${fDef}.async ? await ${format}(${data}) : ${format}(${data}))`
                    : (0, codegen_1._) `${format}(${data})`;
                const validData = (0, codegen_1._) `(typeof ${format} == "function" ? ${callFormat} : ${format}.test(${data}))`;
                return (0, codegen_1._) `${format} && ${format} !== true && ${fType} === ${ruleType} && !${validData}`;
            }
        }
        function validateFormat() {
            const formatDef = self.formats[schema];
            if (!formatDef) {
                unknownFormat();
                return;
            }
            if (formatDef === true)
                return;
            const [fmtType, format, fmtRef] = getFormat(formatDef);
            if (fmtType === ruleType)
                cxt.pass(validCondition());
            function unknownFormat() {
                if (opts.strictSchema === false) {
                    self.logger.warn(unknownMsg());
                    return;
                }
                throw new Error(unknownMsg());
                function unknownMsg() {
                    return `unknown format "${schema}" ignored in schema at path "${errSchemaPath}"`;
                }
            }
            function getFormat(fmtDef) {
                const code = fmtDef instanceof RegExp
                    ? (0, codegen_1.regexpCode)(fmtDef)
                    : opts.code.formats
                        ? (0, codegen_1._) `${opts.code.formats}${(0, codegen_1.getProperty)(schema)}`
                        : undefined;
                const fmt = gen.scopeValue("formats", { key: schema, ref: fmtDef, code });
                if (typeof fmtDef == "object" && !(fmtDef instanceof RegExp)) {
                    return [fmtDef.type || "string", fmtDef.validate, (0, codegen_1._) `${fmt}.validate`];
                }
                return ["string", fmtDef, fmt];
            }
            function validCondition() {
                if (typeof formatDef == "object" && !(formatDef instanceof RegExp) && formatDef.async) {
                    if (!schemaEnv.$async)
                        throw new Error("async format in sync schema");
                    return (0, codegen_1._) `await ${fmtRef}(${data})`;
                }
                return typeof format == "function" ? (0, codegen_1._) `${fmtRef}(${data})` : (0, codegen_1._) `${fmtRef}.test(${data})`;
            }
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=format.js.map

/***/ }),

/***/ 2601:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const format_1 = __nccwpck_require__(6402);
const format = [format_1.default];
exports["default"] = format;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 6620:
/***/ ((__unused_webpack_module, exports) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
exports.contentVocabulary = exports.metadataVocabulary = void 0;
exports.metadataVocabulary = [
    "title",
    "description",
    "default",
    "deprecated",
    "readOnly",
    "writeOnly",
    "examples",
];
exports.contentVocabulary = [
    "contentMediaType",
    "contentEncoding",
    "contentSchema",
];
//# sourceMappingURL=metadata.js.map

/***/ }),

/***/ 8026:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const equal_1 = __nccwpck_require__(4951);
const error = {
    message: "must be equal to constant",
    params: ({ schemaCode }) => (0, codegen_1._) `{allowedValue: ${schemaCode}}`,
};
const def = {
    keyword: "const",
    $data: true,
    error,
    code(cxt) {
        const { gen, data, $data, schemaCode, schema } = cxt;
        if ($data || (schema && typeof schema == "object")) {
            cxt.fail$data((0, codegen_1._) `!${(0, util_1.useFunc)(gen, equal_1.default)}(${data}, ${schemaCode})`);
        }
        else {
            cxt.fail((0, codegen_1._) `${schema} !== ${data}`);
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=const.js.map

/***/ }),

/***/ 3200:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const equal_1 = __nccwpck_require__(4951);
const error = {
    message: "must be equal to one of the allowed values",
    params: ({ schemaCode }) => (0, codegen_1._) `{allowedValues: ${schemaCode}}`,
};
const def = {
    keyword: "enum",
    schemaType: "array",
    $data: true,
    error,
    code(cxt) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        if (!$data && schema.length === 0)
            throw new Error("enum must have non-empty array");
        const useLoop = schema.length >= it.opts.loopEnum;
        let eql;
        const getEql = () => (eql !== null && eql !== void 0 ? eql : (eql = (0, util_1.useFunc)(gen, equal_1.default)));
        let valid;
        if (useLoop || $data) {
            valid = gen.let("valid");
            cxt.block$data(valid, loopEnum);
        }
        else {
            /* istanbul ignore if */
            if (!Array.isArray(schema))
                throw new Error("ajv implementation error");
            const vSchema = gen.const("vSchema", schemaCode);
            valid = (0, codegen_1.or)(...schema.map((_x, i) => equalCode(vSchema, i)));
        }
        cxt.pass(valid);
        function loopEnum() {
            gen.assign(valid, false);
            gen.forOf("v", schemaCode, (v) => gen.if((0, codegen_1._) `${getEql()}(${data}, ${v})`, () => gen.assign(valid, true).break()));
        }
        function equalCode(vSchema, i) {
            const sch = schema[i];
            return typeof sch === "object" && sch !== null
                ? (0, codegen_1._) `${getEql()}(${data}, ${vSchema}[${i}])`
                : (0, codegen_1._) `${data} === ${sch}`;
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=enum.js.map

/***/ }),

/***/ 5481:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const limitNumber_1 = __nccwpck_require__(3723);
const multipleOf_1 = __nccwpck_require__(8132);
const limitLength_1 = __nccwpck_require__(6962);
const pattern_1 = __nccwpck_require__(6023);
const limitProperties_1 = __nccwpck_require__(895);
const required_1 = __nccwpck_require__(4504);
const limitItems_1 = __nccwpck_require__(6296);
const uniqueItems_1 = __nccwpck_require__(5132);
const const_1 = __nccwpck_require__(8026);
const enum_1 = __nccwpck_require__(3200);
const validation = [
    // number
    limitNumber_1.default,
    multipleOf_1.default,
    // string
    limitLength_1.default,
    pattern_1.default,
    // object
    limitProperties_1.default,
    required_1.default,
    // array
    limitItems_1.default,
    uniqueItems_1.default,
    // any
    { keyword: "type", schemaType: ["string", "array"] },
    { keyword: "nullable", schemaType: "boolean" },
    const_1.default,
    enum_1.default,
];
exports["default"] = validation;
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 6296:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const error = {
    message({ keyword, schemaCode }) {
        const comp = keyword === "maxItems" ? "more" : "fewer";
        return (0, codegen_1.str) `must NOT have ${comp} than ${schemaCode} items`;
    },
    params: ({ schemaCode }) => (0, codegen_1._) `{limit: ${schemaCode}}`,
};
const def = {
    keyword: ["maxItems", "minItems"],
    type: "array",
    schemaType: "number",
    $data: true,
    error,
    code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        const op = keyword === "maxItems" ? codegen_1.operators.GT : codegen_1.operators.LT;
        cxt.fail$data((0, codegen_1._) `${data}.length ${op} ${schemaCode}`);
    },
};
exports["default"] = def;
//# sourceMappingURL=limitItems.js.map

/***/ }),

/***/ 6962:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const ucs2length_1 = __nccwpck_require__(6214);
const error = {
    message({ keyword, schemaCode }) {
        const comp = keyword === "maxLength" ? "more" : "fewer";
        return (0, codegen_1.str) `must NOT have ${comp} than ${schemaCode} characters`;
    },
    params: ({ schemaCode }) => (0, codegen_1._) `{limit: ${schemaCode}}`,
};
const def = {
    keyword: ["maxLength", "minLength"],
    type: "string",
    schemaType: "number",
    $data: true,
    error,
    code(cxt) {
        const { keyword, data, schemaCode, it } = cxt;
        const op = keyword === "maxLength" ? codegen_1.operators.GT : codegen_1.operators.LT;
        const len = it.opts.unicode === false ? (0, codegen_1._) `${data}.length` : (0, codegen_1._) `${(0, util_1.useFunc)(cxt.gen, ucs2length_1.default)}(${data})`;
        cxt.fail$data((0, codegen_1._) `${len} ${op} ${schemaCode}`);
    },
};
exports["default"] = def;
//# sourceMappingURL=limitLength.js.map

/***/ }),

/***/ 3723:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const ops = codegen_1.operators;
const KWDs = {
    maximum: { okStr: "<=", ok: ops.LTE, fail: ops.GT },
    minimum: { okStr: ">=", ok: ops.GTE, fail: ops.LT },
    exclusiveMaximum: { okStr: "<", ok: ops.LT, fail: ops.GTE },
    exclusiveMinimum: { okStr: ">", ok: ops.GT, fail: ops.LTE },
};
const error = {
    message: ({ keyword, schemaCode }) => (0, codegen_1.str) `must be ${KWDs[keyword].okStr} ${schemaCode}`,
    params: ({ keyword, schemaCode }) => (0, codegen_1._) `{comparison: ${KWDs[keyword].okStr}, limit: ${schemaCode}}`,
};
const def = {
    keyword: Object.keys(KWDs),
    type: "number",
    schemaType: "number",
    $data: true,
    error,
    code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        cxt.fail$data((0, codegen_1._) `${data} ${KWDs[keyword].fail} ${schemaCode} || isNaN(${data})`);
    },
};
exports["default"] = def;
//# sourceMappingURL=limitNumber.js.map

/***/ }),

/***/ 895:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const error = {
    message({ keyword, schemaCode }) {
        const comp = keyword === "maxProperties" ? "more" : "fewer";
        return (0, codegen_1.str) `must NOT have ${comp} than ${schemaCode} properties`;
    },
    params: ({ schemaCode }) => (0, codegen_1._) `{limit: ${schemaCode}}`,
};
const def = {
    keyword: ["maxProperties", "minProperties"],
    type: "object",
    schemaType: "number",
    $data: true,
    error,
    code(cxt) {
        const { keyword, data, schemaCode } = cxt;
        const op = keyword === "maxProperties" ? codegen_1.operators.GT : codegen_1.operators.LT;
        cxt.fail$data((0, codegen_1._) `Object.keys(${data}).length ${op} ${schemaCode}`);
    },
};
exports["default"] = def;
//# sourceMappingURL=limitProperties.js.map

/***/ }),

/***/ 8132:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const codegen_1 = __nccwpck_require__(1436);
const error = {
    message: ({ schemaCode }) => (0, codegen_1.str) `must be multiple of ${schemaCode}`,
    params: ({ schemaCode }) => (0, codegen_1._) `{multipleOf: ${schemaCode}}`,
};
const def = {
    keyword: "multipleOf",
    type: "number",
    schemaType: "number",
    $data: true,
    error,
    code(cxt) {
        const { gen, data, schemaCode, it } = cxt;
        // const bdt = bad$DataType(schemaCode, <string>def.schemaType, $data)
        const prec = it.opts.multipleOfPrecision;
        const res = gen.let("res");
        const invalid = prec
            ? (0, codegen_1._) `Math.abs(Math.round(${res}) - ${res}) > 1e-${prec}`
            : (0, codegen_1._) `${res} !== parseInt(${res})`;
        cxt.fail$data((0, codegen_1._) `(${schemaCode} === 0 || (${res} = ${data}/${schemaCode}, ${invalid}))`);
    },
};
exports["default"] = def;
//# sourceMappingURL=multipleOf.js.map

/***/ }),

/***/ 6023:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const code_1 = __nccwpck_require__(8484);
const util_1 = __nccwpck_require__(4464);
const codegen_1 = __nccwpck_require__(1436);
const error = {
    message: ({ schemaCode }) => (0, codegen_1.str) `must match pattern "${schemaCode}"`,
    params: ({ schemaCode }) => (0, codegen_1._) `{pattern: ${schemaCode}}`,
};
const def = {
    keyword: "pattern",
    type: "string",
    schemaType: "string",
    $data: true,
    error,
    code(cxt) {
        const { gen, data, $data, schema, schemaCode, it } = cxt;
        const u = it.opts.unicodeRegExp ? "u" : "";
        if ($data) {
            const { regExp } = it.opts.code;
            const regExpCode = regExp.code === "new RegExp" ? (0, codegen_1._) `new RegExp` : (0, util_1.useFunc)(gen, regExp);
            const valid = gen.let("valid");
            gen.try(() => gen.assign(valid, (0, codegen_1._) `${regExpCode}(${schemaCode}, ${u}).test(${data})`), () => gen.assign(valid, false));
            cxt.fail$data((0, codegen_1._) `!${valid}`);
        }
        else {
            const regExp = (0, code_1.usePattern)(cxt, schema);
            cxt.fail$data((0, codegen_1._) `!${regExp}.test(${data})`);
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=pattern.js.map

/***/ }),

/***/ 4504:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const code_1 = __nccwpck_require__(8484);
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const error = {
    message: ({ params: { missingProperty } }) => (0, codegen_1.str) `must have required property '${missingProperty}'`,
    params: ({ params: { missingProperty } }) => (0, codegen_1._) `{missingProperty: ${missingProperty}}`,
};
const def = {
    keyword: "required",
    type: "object",
    schemaType: "array",
    $data: true,
    error,
    code(cxt) {
        const { gen, schema, schemaCode, data, $data, it } = cxt;
        const { opts } = it;
        if (!$data && schema.length === 0)
            return;
        const useLoop = schema.length >= opts.loopRequired;
        if (it.allErrors)
            allErrorsMode();
        else
            exitOnErrorMode();
        if (opts.strictRequired) {
            const props = cxt.parentSchema.properties;
            const { definedProperties } = cxt.it;
            for (const requiredKey of schema) {
                if ((props === null || props === void 0 ? void 0 : props[requiredKey]) === undefined && !definedProperties.has(requiredKey)) {
                    const schemaPath = it.schemaEnv.baseId + it.errSchemaPath;
                    const msg = `required property "${requiredKey}" is not defined at "${schemaPath}" (strictRequired)`;
                    (0, util_1.checkStrictMode)(it, msg, it.opts.strictRequired);
                }
            }
        }
        function allErrorsMode() {
            if (useLoop || $data) {
                cxt.block$data(codegen_1.nil, loopAllRequired);
            }
            else {
                for (const prop of schema) {
                    (0, code_1.checkReportMissingProp)(cxt, prop);
                }
            }
        }
        function exitOnErrorMode() {
            const missing = gen.let("missing");
            if (useLoop || $data) {
                const valid = gen.let("valid", true);
                cxt.block$data(valid, () => loopUntilMissing(missing, valid));
                cxt.ok(valid);
            }
            else {
                gen.if((0, code_1.checkMissingProp)(cxt, schema, missing));
                (0, code_1.reportMissingProp)(cxt, missing);
                gen.else();
            }
        }
        function loopAllRequired() {
            gen.forOf("prop", schemaCode, (prop) => {
                cxt.setParams({ missingProperty: prop });
                gen.if((0, code_1.noPropertyInData)(gen, data, prop, opts.ownProperties), () => cxt.error());
            });
        }
        function loopUntilMissing(missing, valid) {
            cxt.setParams({ missingProperty: missing });
            gen.forOf(missing, schemaCode, () => {
                gen.assign(valid, (0, code_1.propertyInData)(gen, data, missing, opts.ownProperties));
                gen.if((0, codegen_1.not)(valid), () => {
                    cxt.error();
                    gen.break();
                });
            }, codegen_1.nil);
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=required.js.map

/***/ }),

/***/ 5132:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {


Object.defineProperty(exports, "__esModule", ({ value: true }));
const dataType_1 = __nccwpck_require__(6685);
const codegen_1 = __nccwpck_require__(1436);
const util_1 = __nccwpck_require__(4464);
const equal_1 = __nccwpck_require__(4951);
const error = {
    message: ({ params: { i, j } }) => (0, codegen_1.str) `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
    params: ({ params: { i, j } }) => (0, codegen_1._) `{i: ${i}, j: ${j}}`,
};
const def = {
    keyword: "uniqueItems",
    type: "array",
    schemaType: "boolean",
    $data: true,
    error,
    code(cxt) {
        const { gen, data, $data, schema, parentSchema, schemaCode, it } = cxt;
        if (!$data && !schema)
            return;
        const valid = gen.let("valid");
        const itemTypes = parentSchema.items ? (0, dataType_1.getSchemaTypes)(parentSchema.items) : [];
        cxt.block$data(valid, validateUniqueItems, (0, codegen_1._) `${schemaCode} === false`);
        cxt.ok(valid);
        function validateUniqueItems() {
            const i = gen.let("i", (0, codegen_1._) `${data}.length`);
            const j = gen.let("j");
            cxt.setParams({ i, j });
            gen.assign(valid, true);
            gen.if((0, codegen_1._) `${i} > 1`, () => (canOptimize() ? loopN : loopN2)(i, j));
        }
        function canOptimize() {
            return itemTypes.length > 0 && !itemTypes.some((t) => t === "object" || t === "array");
        }
        function loopN(i, j) {
            const item = gen.name("item");
            const wrongType = (0, dataType_1.checkDataTypes)(itemTypes, item, it.opts.strictNumbers, dataType_1.DataType.Wrong);
            const indices = gen.const("indices", (0, codegen_1._) `{}`);
            gen.for((0, codegen_1._) `;${i}--;`, () => {
                gen.let(item, (0, codegen_1._) `${data}[${i}]`);
                gen.if(wrongType, (0, codegen_1._) `continue`);
                if (itemTypes.length > 1)
                    gen.if((0, codegen_1._) `typeof ${item} == "string"`, (0, codegen_1._) `${item} += "_"`);
                gen
                    .if((0, codegen_1._) `typeof ${indices}[${item}] == "number"`, () => {
                    gen.assign(j, (0, codegen_1._) `${indices}[${item}]`);
                    cxt.error();
                    gen.assign(valid, false).break();
                })
                    .code((0, codegen_1._) `${indices}[${item}] = ${i}`);
            });
        }
        function loopN2(i, j) {
            const eql = (0, util_1.useFunc)(gen, equal_1.default);
            const outer = gen.name("outer");
            gen.label(outer).for((0, codegen_1._) `;${i}--;`, () => gen.for((0, codegen_1._) `${j} = ${i}; ${j}--;`, () => gen.if((0, codegen_1._) `${eql}(${data}[${i}], ${data}[${j}])`, () => {
                cxt.error();
                gen.assign(valid, false).break(outer);
            })));
        }
    },
};
exports["default"] = def;
//# sourceMappingURL=uniqueItems.js.map

/***/ }),

/***/ 3430:
/***/ ((module) => {



// do not edit .js files directly - edit src/index.jst



module.exports = function equal(a, b) {
  if (a === b) return true;

  if (a && b && typeof a == 'object' && typeof b == 'object') {
    if (a.constructor !== b.constructor) return false;

    var length, i, keys;
    if (Array.isArray(a)) {
      length = a.length;
      if (length != b.length) return false;
      for (i = length; i-- !== 0;)
        if (!equal(a[i], b[i])) return false;
      return true;
    }



    if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
    if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
    if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();

    keys = Object.keys(a);
    length = keys.length;
    if (length !== Object.keys(b).length) return false;

    for (i = length; i-- !== 0;)
      if (!Object.prototype.hasOwnProperty.call(b, keys[i])) return false;

    for (i = length; i-- !== 0;) {
      var key = keys[i];

      if (!equal(a[key], b[key])) return false;
    }

    return true;
  }

  // true if both NaN, false otherwise
  return a!==a && b!==b;
};


/***/ }),

/***/ 1167:
/***/ ((module) => {



var traverse = module.exports = function (schema, opts, cb) {
  // Legacy support for v0.3.1 and earlier.
  if (typeof opts == 'function') {
    cb = opts;
    opts = {};
  }

  cb = opts.cb || cb;
  var pre = (typeof cb == 'function') ? cb : cb.pre || function() {};
  var post = cb.post || function() {};

  _traverse(opts, pre, post, schema, '', schema);
};


traverse.keywords = {
  additionalItems: true,
  items: true,
  contains: true,
  additionalProperties: true,
  propertyNames: true,
  not: true,
  if: true,
  then: true,
  else: true
};

traverse.arrayKeywords = {
  items: true,
  allOf: true,
  anyOf: true,
  oneOf: true
};

traverse.propsKeywords = {
  $defs: true,
  definitions: true,
  properties: true,
  patternProperties: true,
  dependencies: true
};

traverse.skipKeywords = {
  default: true,
  enum: true,
  const: true,
  required: true,
  maximum: true,
  minimum: true,
  exclusiveMaximum: true,
  exclusiveMinimum: true,
  multipleOf: true,
  maxLength: true,
  minLength: true,
  pattern: true,
  format: true,
  maxItems: true,
  minItems: true,
  uniqueItems: true,
  maxProperties: true,
  minProperties: true
};


function _traverse(opts, pre, post, schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex) {
  if (schema && typeof schema == 'object' && !Array.isArray(schema)) {
    pre(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex);
    for (var key in schema) {
      var sch = schema[key];
      if (Array.isArray(sch)) {
        if (key in traverse.arrayKeywords) {
          for (var i=0; i<sch.length; i++)
            _traverse(opts, pre, post, sch[i], jsonPtr + '/' + key + '/' + i, rootSchema, jsonPtr, key, schema, i);
        }
      } else if (key in traverse.propsKeywords) {
        if (sch && typeof sch == 'object') {
          for (var prop in sch)
            _traverse(opts, pre, post, sch[prop], jsonPtr + '/' + key + '/' + escapeJsonPtr(prop), rootSchema, jsonPtr, key, schema, prop);
        }
      } else if (key in traverse.keywords || (opts.allKeys && !(key in traverse.skipKeywords))) {
        _traverse(opts, pre, post, sch, jsonPtr + '/' + key, rootSchema, jsonPtr, key, schema);
      }
    }
    post(schema, jsonPtr, rootSchema, parentJsonPtr, parentKeyword, parentSchema, keyIndex);
  }
}


function escapeJsonPtr(str) {
  return str.replace(/~/g, '~0').replace(/\//g, '~1');
}


/***/ }),

/***/ 486:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _util_bundle_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2742);
/* harmony import */ var _main_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8194);
/** CLI entry (dist/cli/index.js): run and exit with the status main() returns. */


process.exitCode = await (0,_main_js__WEBPACK_IMPORTED_MODULE_1__/* .main */ .i)(process.argv.slice(2), {
    stdout: (t) => process.stdout.write(t),
    stderr: (t) => process.stderr.write(t),
    cwd: process.cwd(),
    bundleSha256: (0,_util_bundle_js__WEBPACK_IMPORTED_MODULE_0__/* .fileDigest */ .h)(import.meta.url)
});

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 8194:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  i: () => (/* binding */ main)
});

// UNUSED EXPORTS: EXIT

;// CONCATENATED MODULE: external "node:path"
const external_node_path_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
;// CONCATENATED MODULE: external "node:os"
const external_node_os_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");
;// CONCATENATED MODULE: ./src/config/families.ts
/** Condition names in SPEC §6 order (text) and SPEC §13 order (tabular); `clean` is the reference. */
const TEXT_CONDITIONS = ['clean', 'format', 'transpose', 'dictionary', 'append', 'truncate'];
const CONDITIONS = [...TEXT_CONDITIONS, 'noise', 'fgm'];
/** The tabular families (SPEC §13), in order. */
const TABULAR_FAMILIES = ['noise', 'fgm'];
const FAMILIES = ['format', 'transpose', 'dictionary', 'append', 'truncate'];
/** Text families whose edits keep the label by design; `truncate` is destructive (SPEC §6.5). */
const NON_DESTRUCTIVE_FAMILIES = ['format', 'transpose', 'dictionary', 'append'];
/**
 * Conditions that carry ledger masks and are judged as attacks: the text families above and
 * tabular FGM. Tabular `noise` is a corruption baseline, reported but never an attack.
 */
const ATTACK_FAMILIES = [...NON_DESTRUCTIVE_FAMILIES, 'fgm'];
function isAttackFamily(condition) {
    return ATTACK_FAMILIES.includes(condition);
}

;// CONCATENATED MODULE: ./src/config/defaults.ts
/**
 * Gate thresholds frozen for config `version: 1` (SPEC §9). A release that changes a default
 * must do so under a new config version, never by editing this table.
 */
const GATE_KEYS = [
    'min_challenge_examples',
    'min_challenge_accuracy',
    'max_generalization_gap_pp',
    'min_language_examples',
    'min_language_accuracy',
    'max_length_psi',
    'min_changed_examples',
    'max_flip_rate',
    'max_accuracy_drop_pp',
    'min_eligible_coverage',
    'max_attack_success',
    'max_protected_transitions',
    'max_missing_rows'
];
const GATE_DEFAULTS_V1 = Object.freeze({
    min_challenge_examples: 50,
    min_challenge_accuracy: 0.75,
    max_generalization_gap_pp: 22,
    min_language_examples: 10,
    min_language_accuracy: 0.58,
    max_length_psi: 0.5,
    min_changed_examples: 20,
    max_flip_rate: 0.2,
    max_accuracy_drop_pp: 5,
    min_eligible_coverage: 0.9,
    max_attack_success: 0.25,
    max_protected_transitions: 0,
    max_missing_rows: 0
});
/** Keys that may be overridden per perturbation family under `gate.families.<family>`. */
const FAMILY_GATE_KEYS = [
    'min_changed_examples',
    'max_flip_rate',
    'max_accuracy_drop_pp',
    'min_eligible_coverage',
    'max_attack_success'
];
/** Built-in per-family defaults: dictionary substitution is sparse by design (SPEC §9). */
const FAMILY_DEFAULTS_V1 = Object.freeze({
    dictionary: { min_eligible_coverage: 0.1 }
});
const STATISTICS_DEFAULTS_V1 = Object.freeze({
    seed: 1637,
    bootstrap_iterations: 1000,
    paired_iterations: 500,
    interval: 0.95
});
const DEFAULT_CONFIG_PATH = '.github/evidence-gate.yml';
const DEFAULT_OUTPUT_DIR = 'evidence-gate-out';
/** evidence.jsonl above this size (64 MiB) is shipped gzipped as evidence.jsonl.gz. */
const DEFAULT_GZIP_ABOVE_BYTES = 64 * 1024 * 1024;

;// CONCATENATED MODULE: ./src/errors.ts
class UserError extends Error {
    kind;
    constructor(kind, message) {
        super(message);
        this.kind = kind;
        this.name = new.target.name;
    }
}
class UsageError extends UserError {
    constructor(message) {
        super('usage', message);
    }
}
/** A config problem: `file:line: key.path: expected …, found …`. */
class ConfigError extends UserError {
    constructor(message) {
        super('config', message);
    }
}
/** A data problem: `file:line[:column]: what is wrong`. */
class DataError extends UserError {
    constructor(message) {
        super('data', message);
    }
}
function isUserError(error) {
    return error instanceof UserError;
}
/** Render a value found in user input, briefly, for an error message. */
function describeFound(value) {
    if (value === undefined)
        return 'nothing';
    if (value === null)
        return 'null';
    if (Array.isArray(value))
        return `a list of ${value.length}`;
    if (typeof value === 'object')
        return 'a mapping';
    if (typeof value === 'string') {
        const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
        return JSON.stringify(shown);
    }
    return `${typeof value} ${String(value)}`;
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(7598);
;// CONCATENATED MODULE: ./src/util/hash.ts

function sha256Hex(data) {
    return (0,external_node_crypto_.createHash)('sha256').update(data).digest('hex');
}

;// CONCATENATED MODULE: ./src/util/strings.ts
/**
 * Code-point aware string helpers. JavaScript compares strings by UTF-16 code units,
 * which orders astral characters before U+E000–U+FFFF; Python (and this project)
 * orders by code point.
 */
function compareCodePoints(a, b) {
    if (a === b)
        return 0;
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
        const x = a.charCodeAt(i);
        const y = b.charCodeAt(i);
        if (x === y)
            continue;
        // Only when both units are in the surrogate/high-BMP zone can unit order differ
        // from code-point order; compare whole code points there.
        const cx = a.codePointAt(i) ?? x;
        const cy = b.codePointAt(i) ?? y;
        return cx < cy ? -1 : cx > cy ? 1 : 0;
    }
    return a.length - b.length;
}
function sortCodePoints(values) {
    return [...values].sort(compareCodePoints);
}
/** Length in code points, as Python's len(). */
function strings_codePointLength(s) {
    let n = 0;
    for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        // A high surrogate followed by a low one is one code point.
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
            const d = s.charCodeAt(i + 1);
            if (d >= 0xdc00 && d <= 0xdfff)
                i++;
        }
        n++;
    }
    return n;
}

;// CONCATENATED MODULE: ./src/util/json.ts
/**
 * Deterministic JSON. Plain JSON.stringify enumerates integer-like keys ("0", "10", "9")
 * first in numeric order, whatever the insertion order, so label-keyed maps would not keep
 * code-point order. `stableJson` writes object keys in code-point order unless the value is
 * an OrderedMap, which keeps its own order.
 */

class OrderedMap {
    entries;
    constructor(entries) {
        this.entries = entries;
    }
}
function orderedMap(entries) {
    return new OrderedMap(entries);
}
function scalar(value) {
    if (typeof value === 'number')
        return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    return JSON.stringify(value) ?? 'null';
}
/** Serialise with a fixed key order; `indent` > 0 pretty-prints. */
function stableJson(value, indent = 0) {
    const pad = (depth) => (indent > 0 ? '\n' + ' '.repeat(indent * depth) : '');
    const sep = indent > 0 ? ': ' : ':';
    const walk = (v, depth) => {
        if (v instanceof OrderedMap)
            return obj(v.entries, depth);
        if (Array.isArray(v)) {
            if (v.length === 0)
                return '[]';
            return '[' + v.map((x) => pad(depth + 1) + walk(x === undefined ? null : x, depth + 1)).join(',') + pad(depth) + ']';
        }
        if (v !== null && typeof v === 'object') {
            const keys = Object.keys(v).sort(compareCodePoints);
            return obj(keys.filter((k) => v[k] !== undefined).map((k) => [k, v[k]]), depth);
        }
        return scalar(v);
    };
    const obj = (entries, depth) => {
        const kept = entries.filter(([, x]) => x !== undefined);
        if (kept.length === 0)
            return '{}';
        return '{' + kept.map(([k, x]) => pad(depth + 1) + JSON.stringify(k) + sep + walk(x, depth + 1)).join(',') + pad(depth) + '}';
    };
    return walk(value, 0);
}

;// CONCATENATED MODULE: ./src/text/char-ngrams.ts
/**
 * Character n-grams inside word boundaries, exactly as scikit-learn's `analyzer="char_wb"`
 * (after `lowercase=True`). The text is cut into words on Python's `str.split()` whitespace
 * (which, unlike JavaScript's `\s`, includes U+001C–U+001F and U+0085 and excludes U+FEFF;
 * U+200B is not whitespace in either). Each word is padded with one space on both sides; for
 * each n from minN to maxN, every n-gram of the padded word is emitted left to right, the
 * first one even when the padded word is shorter than n. Once an n-gram covers the whole
 * padded word, longer n are skipped. Lengths and slices count code points, as Python does.
 */
/** Python's `str.isspace()` characters: the separators of `str.split()`. */
// eslint-disable-next-line no-control-regex -- U+001C–U+001F are whitespace to Python
const PY_WHITESPACE = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/u;
/** The lowercased words of a text, as Python's `text.lower().split()`. */
function words(text) {
    return text
        .toLowerCase()
        .split(PY_WHITESPACE)
        .filter((w) => w !== '');
}
/** Writes " word " into `w` as code points; returns its length. `w` must hold word.length + 2. */
function padInto(word, w) {
    let len = 0;
    w[len++] = 0x20;
    for (let u = 0; u < word.length; u++) {
        const cp = word.codePointAt(u);
        if (cp > 0xffff)
            u++;
        w[len++] = cp;
    }
    w[len++] = 0x20;
    return len;
}
function gramOf(w, from, to) {
    let gram = '';
    for (let i = from; i < to; i++)
        gram += String.fromCodePoint(w[i]);
    return gram;
}
function charWbNgrams(text, minN = 2, maxN = 4) {
    const grams = [];
    for (const word of words(text)) {
        const w = new Int32Array(word.length + 2);
        const len = padInto(word, w);
        for (let n = minN; n <= maxN; n++) {
            let offset = 0;
            grams.push(gramOf(w, 0, Math.min(n, len)));
            while (offset + n < len) {
                offset++;
                grams.push(gramOf(w, offset, offset + n));
            }
            if (offset === 0)
                break;
        }
    }
    return grams;
}
/** Trie edges (node, code point) → child, in an open-addressing hash table of typed arrays. */
class Edges {
    from = new Int32Array(1024).fill(-1);
    point = new Int32Array(1024);
    to = new Int32Array(1024);
    size = 0;
    /** The child, or −1. */
    get(node, cp) {
        const { from, point } = this;
        const mask = from.length - 1;
        // Small multipliers keep the arithmetic in small-integer range before the code is optimised.
        let i = ((node & 0xfffff) * 1031 + (cp & 0xfffff) * 29) & mask;
        for (;;) {
            const f = from[i];
            if (f === -1)
                return -1;
            if (f === node && point[i] === cp)
                return this.to[i];
            i = (i + 1) & mask;
        }
    }
    /** Adds an edge that is not in the table yet. */
    add(node, cp, child) {
        if (2 * (this.size + 1) > this.from.length)
            this.grow();
        const mask = this.from.length - 1;
        let i = ((node & 0xfffff) * 1031 + (cp & 0xfffff) * 29) & mask;
        while (this.from[i] !== -1)
            i = (i + 1) & mask;
        this.from[i] = node;
        this.point[i] = cp;
        this.to[i] = child;
        this.size++;
    }
    grow() {
        const { from, point, to } = this;
        this.from = new Int32Array(from.length * 2).fill(-1);
        this.point = new Int32Array(from.length * 2);
        this.to = new Int32Array(from.length * 2);
        this.size = 0;
        for (let i = 0; i < from.length; i++)
            if (from[i] !== -1)
                this.add(from[i], point[i], to[i]);
    }
}
const WORD_CACHE_LIMIT = 50_000;
/**
 * Feature ids for char_wb n-grams, held in a trie over code points so that looking up a
 * text's n-grams builds no string per n-gram, with the ids of each distinct word cached (words
 * repeat far more than texts do). It yields the same multiset of n-grams as `charWbNgrams`
 * (only the order differs): every window of length minN..maxN that fits in the padded word,
 * or the whole padded word once if it is shorter than minN.
 */
class CharWbIndex {
    minN;
    maxN;
    edges = new Edges();
    /** feature[node]: the id of the n-gram spelled by the path to node, or −1. */
    feature = [-1];
    /** The n-grams registered while learning, by id. */
    learned = [];
    learnedCount = 0;
    /** Bumped whenever an n-gram is registered, invalidating partial cache entries. */
    generation = 0;
    cache = new Map();
    /** Reused buffers: a padded word, its ids, and the ids of a text. */
    word = new Int32Array(64);
    wordIds = new Int32Array(256);
    out = new Int32Array(1024);
    constructor(minN = 2, maxN = 4) {
        this.minN = minN;
        this.maxN = maxN;
        if (!(Number.isInteger(minN) && Number.isInteger(maxN) && minN >= 1 && maxN >= minN))
            throw new Error(`bad n-gram range (${minN}, ${maxN})`);
    }
    /** Registers one n-gram (as returned by `charWbNgrams`) under a feature id. */
    add(gram, id) {
        let node = 0;
        for (let u = 0; u < gram.length; u++) {
            const cp = gram.codePointAt(u);
            if (cp > 0xffff)
                u++;
            const next = this.edges.get(node, cp);
            node = next >= 0 ? next : this.newNode(node, cp);
        }
        this.feature[node] = id;
        this.generation++;
    }
    /**
     * The feature ids of the text's n-gram occurrences, as a view that the next call reuses.
     * Unknown n-grams are skipped or, with `learn`, registered under the next id of `learned`
     * (do not mix learning with `add`).
     */
    ids(text, learn = false) {
        let count = 0;
        for (const word of words(text)) {
            const ids = this.idsOfWord(word, learn);
            if (count + ids.length > this.out.length) {
                const bigger = new Int32Array(2 * (count + ids.length));
                bigger.set(this.out);
                this.out = bigger;
            }
            this.out.set(ids, count);
            count += ids.length;
        }
        return this.out.subarray(0, count);
    }
    idsOfWord(word, learn) {
        const hit = this.cache.get(word);
        if (hit !== undefined && (hit.complete || hit.generation === this.generation))
            return hit.ids;
        if (word.length + 2 > this.word.length)
            this.word = new Int32Array(2 * word.length + 2);
        const w = this.word;
        const len = padInto(word, w);
        if (len * this.maxN > this.wordIds.length)
            this.wordIds = new Int32Array(2 * len * this.maxN);
        const out = this.wordIds;
        const { minN, maxN, edges, feature } = this;
        let count = 0;
        let complete = true;
        const minDepth = Math.min(minN, len);
        for (let start = 0; start + minDepth <= len; start++) {
            const maxDepth = Math.min(maxN, len - start);
            let node = 0;
            for (let depth = 1; depth <= maxDepth; depth++) {
                const c = w[start + depth - 1];
                let next = edges.get(node, c);
                if (next < 0) {
                    if (!learn) {
                        complete = false;
                        break;
                    }
                    next = this.newNode(node, c);
                }
                node = next;
                if (depth < minDepth)
                    continue;
                let id = feature[node];
                if (id < 0) {
                    if (!learn) {
                        complete = false;
                        continue;
                    }
                    id = this.learnedCount++;
                    feature[node] = id;
                    this.learned.push(gramOf(w, start, start + depth));
                    this.generation++;
                }
                out[count++] = id;
            }
        }
        const ids = out.slice(0, count);
        if (this.cache.size >= WORD_CACHE_LIMIT)
            this.cache.clear();
        this.cache.set(word, { ids, complete, generation: this.generation });
        return ids;
    }
    newNode(parent, cp) {
        const node = this.feature.length;
        this.feature.push(-1);
        this.edges.add(parent, cp, node);
        return node;
    }
}

;// CONCATENATED MODULE: ./src/text/word-tokens.ts
/**
 * Word tokens exactly as scikit-learn's default `token_pattern` `(?u)\b\w\w+\b` after
 * `lowercase=True`: maximal runs of two or more Unicode word characters. Python's `\w`
 * is letters, digits/numerics and underscore; JavaScript's `\w` is ASCII-only, hence the
 * explicit property classes. Combining marks (Mn/Mc) are not word characters in Python
 * either, so a decomposed accent splits a token there too.
 */
const WORD_RUN = /[\p{L}\p{N}_]{2,}/gu;
function wordTokens(text) {
    return text.toLowerCase().match(WORD_RUN) ?? [];
}

;// CONCATENATED MODULE: ./src/models/tfidf.ts





const CHAR_NGRAM_RANGE = [2, 4];
/** Counts feature-id occurrences in a dense tally and hands them out as sparse rows. */
class Tally {
    counts = new Uint32Array(1024);
    seen = new Int32Array(1024);
    row(occurrences) {
        let distinct = 0;
        let { counts, seen } = this;
        for (let i = 0; i < occurrences.length; i++) {
            const f = occurrences[i];
            if (f >= counts.length)
                counts = this.counts = grown(counts, f + 1);
            if (counts[f] === 0) {
                if (distinct === seen.length)
                    seen = this.seen = grown(seen, distinct + 1);
                seen[distinct++] = f;
            }
            counts[f] = counts[f] + 1;
        }
        const ids = seen.slice(0, distinct);
        const n = new Uint32Array(distinct);
        for (let i = 0; i < distinct; i++) {
            const f = ids[i];
            n[i] = counts[f];
            counts[f] = 0;
        }
        return { ids, counts: n };
    }
}
function grown(a, least) {
    const b = new a.constructor(Math.max(least, 2 * a.length));
    b.set(a);
    return b;
}
/** The ids of a text's known feature occurrences, for a fixed vocabulary. */
function featureIds(analyzer, vocabulary) {
    if (analyzer === 'char') {
        const index = new CharWbIndex(...CHAR_NGRAM_RANGE);
        vocabulary.forEach((g, i) => index.add(g, i));
        return (text) => index.ids(text);
    }
    const index = new Map(vocabulary.map((t, i) => [t, i]));
    return (text) => wordTokens(text).flatMap((w) => index.get(w) ?? []);
}
/** Sorts in code-point order; the native sort agrees with it when no unit is ≥ U+D800. */
function sortVocabulary(features) {
    const all = [...features];
    return all.some((f) => /[\ud800-\uffff]/.test(f)) ? sortCodePoints(all) : all.sort();
}
/** The sorted training vocabulary and each training text's row of feature counts. */
function analyzeTraining(analyzer, texts) {
    const tally = new Tally();
    if (analyzer === 'word') {
        const tokens = texts.map(wordTokens);
        const vocabulary = sortVocabulary(new Set(tokens.flat()));
        const index = new Map(vocabulary.map((t, i) => [t, i]));
        return { vocabulary, rows: tokens.map((ts) => tally.row(ts.map((t) => index.get(t)))) };
    }
    // One pass: learn n-grams in order of appearance, then renumber them in code-point order.
    const index = new CharWbIndex(...CHAR_NGRAM_RANGE);
    const rows = texts.map((t) => tally.row(index.ids(t, true)));
    const vocabulary = sortVocabulary(index.learned);
    const rank = new Map(vocabulary.map((g, i) => [g, i]));
    const renumber = Int32Array.from(index.learned, (g) => rank.get(g));
    for (const { ids } of rows)
        for (let i = 0; i < ids.length; i++)
            ids[i] = renumber[ids[i]];
    return { vocabulary, rows };
}
/** A row's tf-idf weights (count × idf), in the order of its ids, and their Euclidean norm. */
function weigh(row, idf) {
    const weights = new Float64Array(row.ids.length);
    let sq = 0;
    for (let i = 0; i < weights.length; i++) {
        const v = row.counts[i] * idf[row.ids[i]];
        weights[i] = v;
        sq += v * v;
    }
    return { weights, norm: Math.sqrt(sq) };
}
/** Adds a row's L2-normalised tf-idf vector to a dense sum; an empty row adds nothing. */
function addNormalisedRow(sum, row, idf) {
    const { ids, counts } = row;
    let sq = 0;
    for (let i = 0; i < ids.length; i++)
        sq += (counts[i] * idf[ids[i]]) ** 2;
    if (sq === 0)
        return;
    const norm = Math.sqrt(sq);
    for (let i = 0; i < ids.length; i++) {
        const f = ids[i];
        sum[f] = sum[f] + (counts[i] * idf[f]) / norm;
    }
}
function fitTfidf(analyzer, train, labels) {
    // Canonical example order (label, then text): the float sums, hence the digest, then do
    // not depend on the order of the training file.
    const examples = train
        .map((e) => ({ label: e.label, text: e.input.kind === 'text' ? e.input.text : '' }))
        .sort((a, b) => compareCodePoints(a.label, b.label) || compareCodePoints(a.text, b.text));
    const { vocabulary, rows } = analyzeTraining(analyzer, examples.map((e) => e.text));
    const df = new Float64Array(vocabulary.length);
    for (const { ids } of rows)
        for (let i = 0; i < ids.length; i++)
            df[ids[i]] = df[ids[i]] + 1;
    const n = examples.length;
    const idf = df.map((d) => Math.log((n + 1) / (d + 1)) + 1);
    const labelIndex = new Map(labels.map((l, i) => [l, i]));
    const centroids = labels.map(() => new Float64Array(vocabulary.length));
    const classSize = labels.map(() => 0);
    examples.forEach((e, d) => {
        const c = labelIndex.get(e.label);
        if (c === undefined)
            throw new Error(`training label ${JSON.stringify(e.label)} is not among the labels`);
        classSize[c] = classSize[c] + 1;
        addNormalisedRow(centroids[c], rows[d], idf);
    });
    centroids.forEach((centroid, c) => {
        const size = classSize[c];
        if (size > 0)
            for (let f = 0; f < centroid.length; f++)
                centroid[f] = centroid[f] / size;
    });
    return { analyzer, labels: [...labels], vocabulary, idf, centroids };
}
class TfidfModel {
    name;
    params;
    labels;
    kind;
    featureIds;
    tally = new Tally();
    centroidNorms;
    cachedDigest;
    constructor(name, params) {
        this.name = name;
        this.params = params;
        this.labels = params.labels;
        this.kind = params.analyzer === 'word' ? 'tfidf-word' : 'tfidf-char';
        this.featureIds = featureIds(params.analyzer, params.vocabulary);
        this.centroidNorms = params.centroids.map((c) => {
            let sq = 0;
            for (let f = 0; f < c.length; f++)
                sq += c[f] ** 2;
            return Math.sqrt(sq);
        });
    }
    static fit(name, train, labels, analyzer) {
        return new TfidfModel(name, fitTfidf(analyzer, train, labels));
    }
    /** SHA-256 of the trained parameters, computed on first use (a char vocabulary is large). */
    get digest() {
        this.cachedDigest ??= sha256Hex(stableJson({
            kind: this.kind,
            labels: this.params.labels,
            vocabulary: this.params.vocabulary,
            idf: Array.from(this.params.idf),
            centroids: this.params.centroids.map((c) => Array.from(c))
        }));
        return this.cachedDigest;
    }
    describe() {
        const char = this.params.analyzer === 'char';
        return {
            name: this.name,
            kind: this.kind,
            params: {
                analyzer: char ? 'char_wb' : 'word',
                ...(char ? { ngram_range: [...CHAR_NGRAM_RANGE] } : {}),
                vocabulary_size: this.params.vocabulary.length,
                idf: 'smooth',
                norm: 'l2',
                scores: 'centroid cosine'
            },
            digest: this.digest,
            probabilities: false
        };
    }
    /** Cosine similarity of the text's tf-idf vector to each class centroid, in label order. */
    scoresFor(text) {
        const row = this.tally.row(this.featureIds(text));
        const { weights, norm } = weigh(row, this.params.idf);
        if (norm === 0)
            return this.labels.map(() => 0);
        return this.params.centroids.map((centroid, c) => {
            const cnorm = this.centroidNorms[c];
            if (cnorm === 0)
                return 0;
            let dot = 0;
            for (let i = 0; i < weights.length; i++)
                dot += weights[i] * centroid[row.ids[i]];
            return dot / norm / cnorm;
        });
    }
    async score(inputs) {
        return inputs.map((input) => input.kind === 'text'
            ? { status: 'ok', scores: this.scoresFor(input.text) }
            : { status: 'error', error: `${this.kind} scores text inputs only` });
    }
    async close() { }
}

;// CONCATENATED MODULE: ./src/models/hybrid.ts



const DEFAULT_WORD_WEIGHT = 0.5;
class HybridModel {
    name;
    word;
    char;
    wordWeight;
    labels;
    cachedDigest;
    constructor(name, word, char, wordWeight = DEFAULT_WORD_WEIGHT) {
        this.name = name;
        this.word = word;
        this.char = char;
        this.wordWeight = wordWeight;
        if (!(wordWeight >= 0 && wordWeight <= 1))
            throw new Error(`hybrid word_weight must be in [0, 1], got ${wordWeight}`);
        if (word.kind !== 'tfidf-word' || char.kind !== 'tfidf-char')
            throw new Error('hybrid needs a tfidf-word and a tfidf-char model');
        if (stableJson(word.labels) !== stableJson(char.labels))
            throw new Error('hybrid components have different labels');
        this.labels = word.labels;
    }
    static fit(name, train, labels, wordWeight = DEFAULT_WORD_WEIGHT) {
        return new HybridModel(name, TfidfModel.fit(`${name}/word`, train, labels, 'word'), TfidfModel.fit(`${name}/char`, train, labels, 'char'), wordWeight);
    }
    describe() {
        this.cachedDigest ??= sha256Hex(stableJson({ kind: 'hybrid', word_weight: this.wordWeight, word: this.word.digest, char: this.char.digest }));
        return { name: this.name, kind: 'hybrid', params: { word_weight: this.wordWeight }, digest: this.cachedDigest, probabilities: false };
    }
    scoresFor(text) {
        const w = this.wordWeight;
        const word = this.word.scoresFor(text);
        const char = this.char.scoresFor(text);
        return word.map((s, i) => w * s + (1 - w) * char[i]);
    }
    async score(inputs) {
        return inputs.map((input) => input.kind === 'text'
            ? { status: 'ok', scores: this.scoresFor(input.text) }
            : { status: 'error', error: 'hybrid scores text inputs only' });
    }
    async close() { }
}

// EXTERNAL MODULE: ./node_modules/ajv/dist/ajv.js
var ajv = __nccwpck_require__(2463);
;// CONCATENATED MODULE: ./src/config/schema.ts
/**
 * JSON Schema of the config file, version 1 (SPEC §3). Every mapping closes its key set
 * (`additionalProperties: false`) so that a misspelt key is an error instead of a silently
 * ignored threshold. Model entries are checked by `models.ts`, one shape at a time, so that
 * their messages stay specific.
 */

const rate = { type: 'number', minimum: 0, maximum: 1 };
const count = { type: 'integer', minimum: 0 };
const pp = { type: 'number', minimum: -100, maximum: 100 };
const nonEmpty = { type: 'string', minLength: 1 };
const path = { type: 'string', minLength: 1 };
function schema_closed(properties, required = []) {
    return { type: 'object', properties, required, additionalProperties: false };
}
const gateThresholds = {
    min_challenge_examples: count,
    min_challenge_accuracy: rate,
    max_generalization_gap_pp: pp,
    min_language_examples: count,
    min_language_accuracy: rate,
    max_length_psi: { type: 'number', minimum: 0 },
    min_changed_examples: count,
    max_flip_rate: rate,
    max_accuracy_drop_pp: pp,
    min_eligible_coverage: rate,
    max_attack_success: rate,
    max_protected_transitions: count,
    max_missing_rows: count
};
for (const key of GATE_KEYS)
    if (!gateThresholds[key])
        throw new Error(`schema lacks gate key ${key}`);
const familyOverrides = schema_closed(Object.fromEntries(FAMILY_GATE_KEYS.map((k) => [k, gateThresholds[k]])));
const languageMap = {
    type: 'object',
    minProperties: 1,
    propertyNames: { minLength: 1 },
    additionalProperties: nonEmpty
};
const CONFIG_SCHEMA = schema_closed({
    version: { const: 1 },
    task: { enum: ['text', 'tabular'] },
    threat_model: schema_closed({
        id: { type: 'string', minLength: 1, maxLength: 200 },
        revision: { type: ['integer', 'string'], minimum: 0 },
        protected_outcome: { type: 'string', maxLength: 2000 },
        objective: { enum: ['untargeted', 'targeted'] },
        protected_transitions: {
            type: 'array',
            items: schema_closed({ from: nonEmpty, to: nonEmpty }, ['from', 'to'])
        },
        access: { enum: ['black-box', 'white-box'] },
        attacks: schema_closed({
            noise: schema_closed({}),
            fgm: schema_closed({}),
            format: schema_closed({}),
            transpose: schema_closed({ words_per_change: { type: 'integer', minimum: 1 } }),
            dictionary: schema_closed({ file: path }, ['file']),
            append: schema_closed({ sentences: languageMap }, ['sentences']),
            truncate: schema_closed({ keep: { type: 'number', exclusiveMinimum: 0, maximum: 1 } })
        }),
        constraints: schema_closed({
            max_char_edit_ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
            // Tabular (SPEC §13): an L∞ budget in raw feature units, editable features, bounds.
            linf_eps: { type: 'number', exclusiveMinimum: 0 },
            editable: { type: 'array', items: nonEmpty, minItems: 1 },
            bounds: { type: 'object', additionalProperties: { type: 'array', items: { type: 'number' }, minItems: 2, maxItems: 2 } }
        })
    }, ['id']),
    data: schema_closed({
        train: path,
        evaluate: {
            type: 'object',
            minProperties: 1,
            propertyNames: { pattern: '^[A-Za-z][A-Za-z0-9_-]*$' },
            additionalProperties: path
        },
        columns: schema_closed({
            id: nonEmpty,
            text: nonEmpty,
            label: nonEmpty,
            language: nonEmpty,
            domain: nonEmpty,
            features: { type: 'array', items: nonEmpty, minItems: 1 }
        }),
        on_bad_row: { enum: ['error', 'skip'] }
    }, ['train', 'evaluate']),
    models: { type: 'array', minItems: 1 },
    statistics: schema_closed({
        seed: { type: 'integer', minimum: 0, maximum: 4294967295 },
        bootstrap_iterations: { type: 'integer', minimum: 1, maximum: 1000000 },
        paired_iterations: { type: 'integer', minimum: 1, maximum: 1000000 },
        interval: { type: 'number', exclusiveMinimum: 0, exclusiveMaximum: 1 }
    }),
    selective: schema_closed({
        abstain_below: {
            type: 'object',
            additionalProperties: schema_closed({ on: { enum: ['probability', 'margin'] }, threshold: { type: 'number' } }, ['on', 'threshold'])
        }
    }),
    output: schema_closed({ text: { enum: ['full', 'hash', 'none'] }, gzip_above_bytes: { type: 'integer', minimum: 0 } }),
    manifest: schema_closed({ lock_files: { type: 'array', items: path } }),
    gate: schema_closed({
        ...gateThresholds,
        families: schema_closed({
            format: familyOverrides,
            transpose: familyOverrides,
            dictionary: familyOverrides,
            append: familyOverrides,
            fgm: familyOverrides
        }),
        allow_not_evaluated: { type: 'boolean' },
        models: { type: 'array', items: nonEmpty, minItems: 1 }
    })
}, ['version', 'threat_model', 'data', 'models']);

// EXTERNAL MODULE: ./node_modules/yaml/dist/index.js
var dist = __nccwpck_require__(8815);
;// CONCATENATED MODULE: ./src/config/source.ts
/**
 * A parsed YAML config that still knows where each key stands, so errors and gate
 * annotations can name the line.
 */

class ConfigSource {
    file;
    doc;
    lines;
    constructor(file, doc, lines) {
        this.file = file;
        this.doc = doc;
        this.lines = lines;
    }
    static parse(file, text) {
        const lines = new dist/* LineCounter */.HN();
        const doc = (0,dist/* parseDocument */.Tp)(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true, strict: true });
        const source = new ConfigSource(file, doc, lines);
        const errors = doc.errors.map((e) => ({
            line: e.linePos?.[0]?.line ?? lines.linePos(e.pos[0]).line,
            message: e.code === 'DUPLICATE_KEY'
                ? `duplicate key ${JSON.stringify(keyAt(text, e.pos[0]))}; expected each key once per mapping`
                : (e.message.split('\n')[0] ?? e.message)
        }));
        return { source, errors };
    }
    value() {
        return this.doc.toJS({ maxAliasCount: 100 });
    }
    /** Line (1-based) of the value at `path`, or of its nearest present ancestor. */
    lineOf(path) {
        for (let depth = path.length; depth >= 0; depth--) {
            const node = this.doc.getIn(path.slice(0, depth), true);
            if (node && node.range)
                return this.lines.linePos(node.range[0]).line;
        }
        return 1;
    }
    /** Line of the key itself (for annotations and unknown-key errors). */
    keyLineOf(path) {
        if (path.length === 0)
            return 1;
        const parent = path.length === 1 ? this.doc.contents : this.doc.getIn(path.slice(0, -1), true);
        const last = path[path.length - 1];
        if ((0,dist/* isMap */.jh)(parent)) {
            for (const pair of parent.items) {
                if ((0,dist/* isScalar */.jn)(pair.key) && String(pair.key.value) === String(last) && pair.key.range) {
                    return this.lines.linePos(pair.key.range[0]).line;
                }
            }
            // An absent key: point at the key of the mapping that should hold it.
            return this.keyLineOf(path.slice(0, -1));
        }
        return this.lineOf(path);
    }
    has(path) {
        return this.doc.hasIn(path);
    }
}
/** The plain or quoted key that starts at `offset`. */
function keyAt(text, offset) {
    const rest = text.slice(offset);
    const quoted = /^"((?:[^"\\]|\\.)*)"|^'((?:[^']|'')*)'/.exec(rest);
    if (quoted)
        return quoted[1] ?? (quoted[2] ?? '').replace(/''/g, "'");
    return (/^[^:#\n]*?(?=\s*:(\s|$))/.exec(rest)?.[0] ?? rest.split(/[:\n]/)[0] ?? '').trim();
}
function formatKeyPath(path) {
    if (path.length === 0)
        return '(top level)';
    let out = '';
    for (const part of path) {
        if (typeof part === 'number')
            out += `[${part}]`;
        else
            out += out === '' ? part : `.${part}`;
    }
    return out;
}

;// CONCATENATED MODULE: ./src/config/validate.ts
/**
 * Schema validation with messages a person can act on: the file and line, the key path,
 * what was expected and what was found.
 */




const validate_ajv = new ajv.Ajv({ allErrors: true, strict: true, verbose: true, allowUnionTypes: true });
const validateSchema = validate_ajv.compile(CONFIG_SCHEMA);
const TYPE_NAMES = {
    integer: 'a whole number',
    number: 'a number',
    string: 'a string',
    boolean: 'true or false',
    object: 'a mapping',
    array: 'a list',
    null: 'null'
};
/** Describe what a schema node accepts, e.g. "a number from 0 to 1". */
function expectedOf(schema) {
    if (!schema)
        return 'a valid value';
    if ('const' in schema)
        return JSON.stringify(schema.const);
    if (Array.isArray(schema.enum))
        return `one of ${schema.enum.map((v) => JSON.stringify(v)).join(', ')}`;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    const base = types.map((t) => TYPE_NAMES[String(t)] ?? String(t)).join(' or ');
    const bounds = [];
    if (typeof schema.minimum === 'number' && typeof schema.maximum === 'number')
        bounds.push(`from ${schema.minimum} to ${schema.maximum}`);
    else {
        if (typeof schema.minimum === 'number')
            bounds.push(`≥ ${schema.minimum}`);
        if (typeof schema.maximum === 'number')
            bounds.push(`≤ ${schema.maximum}`);
    }
    if (typeof schema.exclusiveMinimum === 'number')
        bounds.push(`> ${schema.exclusiveMinimum}`);
    if (typeof schema.exclusiveMaximum === 'number')
        bounds.push(`< ${schema.exclusiveMaximum}`);
    if (schema.minLength === 1 || schema.minItems === 1 || schema.minProperties === 1) {
        return `a non-empty ${base.replace(/^an? /, '')}${bounds.length ? ' ' + bounds.join(' and ') : ''}`;
    }
    return bounds.length ? `${base} ${bounds.join(' and ')}` : base;
}
function pathOf(error) {
    if (!error.instancePath)
        return [];
    return error.instancePath
        .slice(1)
        .split('/')
        .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}
function locate(error, source) {
    const path = pathOf(error);
    const parent = error.parentSchema;
    switch (error.keyword) {
        case 'additionalProperties': {
            const key = String(error.params.additionalProperty);
            const allowed = Object.keys(parent?.properties ?? {});
            const full = [...path, key];
            return {
                line: source.keyLineOf(full),
                path: full,
                message: `unknown key; expected one of ${allowed.join(', ') || '(no keys)'}, found ${JSON.stringify(key)}`
            };
        }
        case 'required': {
            const key = String(error.params.missingProperty);
            const full = [...path, key];
            const properties = parent?.properties ?? {};
            return { line: source.keyLineOf(path), path: full, message: `missing required key; expected ${expectedOf(properties[key])}, found nothing` };
        }
        case 'propertyNames': {
            const name = String(error.params.propertyName);
            return { line: source.keyLineOf([...path, name]), path: [...path, name], message: `invalid name; expected a name starting with a letter, using letters, digits, "_" or "-", found ${JSON.stringify(name)}` };
        }
        case 'pattern':
            // Only reached through propertyNames, whose own error carries the message.
            return { line: source.lineOf(path), path, message: `expected a name matching ${String(error.params.pattern)}, found ${describeFound(error.data)}` };
        default:
            return { line: source.lineOf(path), path, message: `expected ${expectedOf(parent)}, found ${describeFound(error.data)}` };
    }
}
/** Validate the parsed document; throws one ConfigError naming the first problem (by line). */
function validateConfig(value, source) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        throw new ConfigError(`${source.file}:1: expected a mapping of config keys at the top level, found ${describeFound(value)}`);
    }
    if (validateSchema(value))
        return;
    const located = (validateSchema.errors ?? [])
        .filter((e) => e.keyword !== 'pattern' && e.keyword !== 'if')
        .map((e) => locate(e, source))
        .sort((a, b) => a.line - b.line);
    const first = located[0];
    if (!first)
        throw new ConfigError(`${source.file}:1: invalid config`);
    const more = located.length > 1 ? ` (and ${located.length - 1} more config error${located.length > 2 ? 's' : ''})` : '';
    throw new ConfigError(`${source.file}:${first.line}: ${formatKeyPath(first.path)}: ${first.message}${more}`);
}
function configError(source, path, message, atKey = false) {
    const line = atKey ? source.keyLineOf(path) : source.lineOf(path);
    return new ConfigError(`${source.file}:${line}: ${formatKeyPath(path)}: ${message}`);
}

;// CONCATENATED MODULE: ./src/config/models.ts
/**
 * Model entries come in three shapes: a built-in name (`naive-bayes`), a built-in with
 * parameters (`{ hybrid: { word_weight: 0.5 } }`) or the user's own command (`{ name, command }`).
 * Each shape is checked on its own so the message speaks about the shape the user meant.
 */



/** Built-in kinds (SPEC §5). */
const BUILTINS = ['naive-bayes', 'tfidf-word', 'tfidf-char', 'hybrid', 'logistic-regression'];
function parseModels(raw, source, resolveFile) {
    const models = raw.map((entry, index) => parseModel(entry, index, source, resolveFile));
    const seen = new Set();
    models.forEach((m, index) => {
        if (seen.has(m.name))
            throw configError(source, ['models', index], `duplicate model name; expected each model once, found ${JSON.stringify(m.name)} again`);
        seen.add(m.name);
    });
    return models;
}
function builtin(kind, params, index, source) {
    const at = ['models', index, kind];
    const allowed = kind === 'hybrid' ? ['word_weight'] : kind === 'naive-bayes' ? ['alpha'] : kind === 'logistic-regression' ? ['C'] : [];
    for (const key of Object.keys(params)) {
        if (!allowed.includes(key)) {
            throw configError(source, [...at, key], `unknown key; expected ${allowed.length ? `one of ${allowed.join(', ')}` : 'no parameters'}, found ${JSON.stringify(key)}`, true);
        }
    }
    switch (kind) {
        case 'naive-bayes': {
            const alpha = params.alpha ?? 1;
            if (typeof alpha !== 'number' || !(alpha > 0))
                throw configError(source, [...at, 'alpha'], `expected a number > 0, found ${describeFound(alpha)}`);
            return { name: kind, kind, params: { alpha } };
        }
        case 'hybrid': {
            const w = params.word_weight ?? DEFAULT_WORD_WEIGHT;
            if (typeof w !== 'number' || w < 0 || w > 1)
                throw configError(source, [...at, 'word_weight'], `expected a number from 0 to 1, found ${describeFound(w)}`);
            return { name: kind, kind, params: { word_weight: w } };
        }
        case 'logistic-regression': {
            const C = params.C ?? 1;
            if (typeof C !== 'number' || !(C > 0) || !Number.isFinite(C))
                throw configError(source, [...at, 'C'], `expected a number > 0, found ${describeFound(C)}`);
            return { name: kind, kind, params: { C } };
        }
        default:
            return { name: kind, kind, params: {} };
    }
}
const EXTERNAL_KEYS = ['name', 'command', 'timeout_s', 'request_timeout_s', 'probabilities', 'env', 'files', 'window'];
/** Variables that must never reach a user's model process, whatever the config says. */
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|CREDENTIAL|^ACTIONS_|^INPUT_|^GITHUB_/i;
/** `{ name, command, … }`: the user's own classifier over the JSONL protocol (SPEC §10). */
function external(obj, index, source, resolveFile) {
    const at = ['models', index];
    for (const key of Object.keys(obj)) {
        if (!EXTERNAL_KEYS.includes(key))
            throw configError(source, [...at, key], `unknown key; expected one of ${EXTERNAL_KEYS.join(', ')}, found ${JSON.stringify(key)}`, true);
    }
    const text = (key) => {
        const v = obj[key];
        if (typeof v !== 'string' || v.trim() === '')
            throw configError(source, [...at, key], `expected a non-empty string, found ${describeFound(v)}`);
        return v;
    };
    const seconds = (key, fallback) => {
        const v = obj[key] ?? fallback;
        if (typeof v !== 'number' || !(v > 0) || !Number.isFinite(v))
            throw configError(source, [...at, key], `expected a number of seconds > 0, found ${describeFound(v)}`);
        return v;
    };
    const list = (key) => {
        const v = obj[key] ?? [];
        if (!Array.isArray(v) || v.some((x) => typeof x !== 'string' || x === ''))
            throw configError(source, [...at, key], `expected a list of non-empty strings, found ${describeFound(v)}`);
        return v;
    };
    const probabilities = obj.probabilities ?? false;
    if (typeof probabilities !== 'boolean')
        throw configError(source, [...at, 'probabilities'], `expected true or false, found ${describeFound(probabilities)}`);
    const window = obj.window ?? 256;
    if (typeof window !== 'number' || !Number.isInteger(window) || window < 1)
        throw configError(source, [...at, 'window'], `expected a whole number ≥ 1, found ${describeFound(window)}`);
    const env = list('env');
    env.forEach((name, i) => {
        if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name))
            throw configError(source, [...at, 'env', i], `expected an environment variable name, found ${describeFound(name)}`);
        if (SECRET_NAME.test(name))
            throw configError(source, [...at, 'env', i], `expected a variable that is not a token or secret (model processes never receive those), found ${JSON.stringify(name)}`);
    });
    return {
        name: text('name'),
        kind: 'external',
        params: {
            command: text('command'),
            timeout_s: seconds('timeout_s', 600),
            request_timeout_s: seconds('request_timeout_s', 30),
            probabilities,
            files: list('files').map((p, i) => resolveFile([...at, 'files', i], p)),
            env,
            window
        }
    };
}
function parseModel(entry, index, source, resolveFile) {
    const at = ['models', index];
    if (typeof entry === 'string') {
        if (!BUILTINS.includes(entry)) {
            throw configError(source, at, `expected one of ${BUILTINS.join(', ')} or a mapping, found ${describeFound(entry)}`);
        }
        return builtin(entry, {}, index, source);
    }
    if (entry === null || typeof entry !== 'object' || Array.isArray(entry)) {
        throw configError(source, at, `expected a model name or a mapping, found ${describeFound(entry)}`);
    }
    const obj = entry;
    if ('command' in obj)
        return external(obj, index, source, resolveFile);
    // `{ <kind>: { params }, name?: "..." }`: a name lets one kind appear twice with other parameters.
    const keys = Object.keys(obj).filter((k) => k !== 'name');
    const kind = keys[0];
    if (keys.length === 1 && kind !== undefined && BUILTINS.includes(kind)) {
        const params = obj[kind] ?? {};
        if (typeof params !== 'object' || Array.isArray(params)) {
            throw configError(source, [...at, kind], `expected a mapping of parameters, found ${describeFound(params)}`);
        }
        const plan = builtin(kind, params, index, source);
        if ('name' in obj) {
            if (typeof obj.name !== 'string' || obj.name.trim() === '')
                throw configError(source, [...at, 'name'], `expected a non-empty string, found ${describeFound(obj.name)}`);
            return { ...plan, name: obj.name };
        }
        return plan;
    }
    throw configError(source, at, `expected a built-in name (${BUILTINS.join(', ')}), { hybrid: { word_weight } } or { name, command }, found a mapping with keys ${keys.join(', ') || '(none)'}`);
}

;// CONCATENATED MODULE: ./src/config/paths.ts
/**
 * Every path the config names must stay inside the repository root: no `../` escapes,
 * no absolute paths elsewhere, no symbolic link that leads outside.
 */


function isInside(root, candidate) {
    const rel = (0,external_node_path_namespaceObject.relative)(root, candidate);
    return rel === '' || (!rel.startsWith('..' + external_node_path_namespaceObject.sep) && rel !== '..' && !(0,external_node_path_namespaceObject.isAbsolute)(rel));
}
/**
 * Resolve `p` (relative to `root`, or absolute) and return it if it stays inside the root.
 * Returns a reason string when it does not.
 */
function resolveInside(root, p) {
    const absolute = (0,external_node_path_namespaceObject.resolve)(root, p);
    if (!isInside(root, absolute))
        return `expected a path inside the repository root, found ${JSON.stringify(p)}`;
    if ((0,external_node_fs_.existsSync)(absolute)) {
        const real = (0,external_node_fs_.realpathSync)(absolute);
        const realRoot = (0,external_node_fs_.realpathSync)(root);
        if (!isInside(realRoot, real))
            return `expected a path inside the repository root, found ${JSON.stringify(p)} (a link that leads outside)`;
    }
    return { absolute, relative: (0,external_node_path_namespaceObject.relative)(root, absolute).split(external_node_path_namespaceObject.sep).join('/') || '.' };
}

;// CONCATENATED MODULE: ./src/config/load.ts
/** YAML file → validated, typed Plan (SPEC §3). */










function loadPlan(options) {
    const { root } = options;
    const given = options.configPath;
    const resolved = resolveInside(root, (0,external_node_path_namespaceObject.resolve)(options.cwd ?? root, given));
    if (typeof resolved === 'string')
        throw new ConfigError(`config ${JSON.stringify(given)}: ${resolved}`);
    if (!(0,external_node_fs_.existsSync)(resolved.absolute) || !(0,external_node_fs_.statSync)(resolved.absolute).isFile()) {
        throw new ConfigError(`config file not found: ${resolved.relative} (expected a YAML file inside the repository; set --config or the action's config input)`);
    }
    const bytes = (0,external_node_fs_.readFileSync)(resolved.absolute);
    const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
    const { source, errors } = ConfigSource.parse(resolved.relative, text);
    const firstError = errors[0];
    if (firstError)
        throw new ConfigError(`${resolved.relative}:${firstError.line}: invalid YAML: ${firstError.message}`);
    const value = source.value();
    validateConfig(value, source);
    return buildPlan(value, source, root, { absolute: resolved.absolute, path: resolved.relative, sha256: sha256Hex(bytes) });
}
function fileRef(source, root, path, p) {
    const resolved = resolveInside(root, p);
    if (typeof resolved === 'string')
        throw configError(source, path, resolved);
    if (!(0,external_node_fs_.existsSync)(resolved.absolute))
        throw configError(source, path, `file not found; expected an existing file, found ${JSON.stringify(p)}`);
    const stat = (0,external_node_fs_.statSync)(resolved.absolute);
    if (!stat.isFile()) {
        const kind = stat.isDirectory() ? 'a directory' : stat.isFIFO() ? 'a named pipe' : 'a special file';
        throw configError(source, path, `expected a regular file, found ${kind} ${JSON.stringify(p)}`);
    }
    return { absolute: resolved.absolute, path: resolved.relative };
}
function buildPlan(raw, source, root, config) {
    const task = raw.task ?? 'text';
    const tm = raw.threat_model;
    const objective = tm.objective ?? 'untargeted';
    const transitions = tm.protected_transitions ?? [];
    if (objective === 'targeted' && transitions.length === 0) {
        throw configError(source, ['threat_model', 'objective'], 'a targeted objective needs threat_model.protected_transitions; expected at least one { from, to }, found none');
    }
    transitions.forEach((t, i) => {
        if (t.from === t.to)
            throw configError(source, ['threat_model', 'protected_transitions', i], `expected two different labels, found ${JSON.stringify(t.from)} twice`);
    });
    const attacks = {};
    const a = tm.attacks ?? {};
    checkTaskKeys(raw, source, task);
    if (a.noise)
        attacks.noise = {};
    if (a.fgm)
        attacks.fgm = {};
    if (a.format)
        attacks.format = {};
    if (a.transpose)
        attacks.transpose = { words_per_change: a.transpose.words_per_change ?? 5 };
    if (a.dictionary)
        attacks.dictionary = { file: fileRef(source, root, ['threat_model', 'attacks', 'dictionary', 'file'], a.dictionary.file) };
    if (a.append)
        attacks.append = { sentences: { ...a.append.sentences } };
    if (a.truncate)
        attacks.truncate = { keep: a.truncate.keep ?? 0.65 };
    const models = parseModels(raw.models, source, (path, p) => fileRef(source, root, path, p));
    models.forEach((m, i) => {
        const tabularKind = m.kind === 'logistic-regression';
        if (m.kind !== 'external' && tabularKind !== (task === 'tabular')) {
            throw configError(source, ['models', i], `model kind ${JSON.stringify(m.kind)} does not fit task ${task}; expected ${task === 'tabular' ? 'logistic-regression' : 'a text model (naive-bayes, tfidf-word, tfidf-char, hybrid)'}`);
        }
    });
    if (attacks.fgm && (tm.access ?? 'black-box') !== 'white-box') {
        throw configError(source, ['threat_model', 'attacks', 'fgm'], 'fgm follows the model\'s gradient and needs threat_model.access: white-box; expected white-box access, found black-box', true);
    }
    const modelNames = new Set(models.map((m) => m.name));
    const abstain = raw.selective?.abstain_below ?? {};
    for (const [name, policy] of Object.entries(abstain)) {
        if (!modelNames.has(name))
            throw configError(source, ['selective', 'abstain_below', name], `expected a configured model name (${[...modelNames].join(', ')}), found ${JSON.stringify(name)}`, true);
        const kind = models.find((m) => m.name === name)?.kind;
        const model = models.find((m) => m.name === name);
        const probabilistic = kind === 'naive-bayes' || kind === 'logistic-regression' || (model?.kind === 'external' && model.params.probabilities);
        if (policy.on === 'probability' && !probabilistic) {
            throw configError(source, ['selective', 'abstain_below', name, 'on'], `expected "margin" for a model without probabilities (${kind}), found "probability"`);
        }
    }
    const evaluate = Object.entries(raw.data.evaluate).map(([split, p]) => ({ split, file: fileRef(source, root, ['data', 'evaluate', split], p) }));
    if (evaluate.some((e) => e.split === 'train')) {
        throw configError(source, ['data', 'evaluate', 'train'], 'expected an evaluation split name other than "train", found "train"', true);
    }
    const features = raw.data.columns?.features ?? [];
    const stats = { ...STATISTICS_DEFAULTS_V1, ...raw.statistics };
    return {
        version: 1,
        root,
        config,
        source,
        task,
        threatModel: {
            id: tm.id,
            revision: tm.revision === undefined ? '0' : String(tm.revision),
            protectedOutcome: tm.protected_outcome ?? null,
            objective,
            protectedTransitions: transitions.map((t) => ({ from: t.from, to: t.to })),
            access: tm.access ?? 'black-box',
            attacks,
            constraints: { maxCharEditRatio: tm.constraints?.max_char_edit_ratio ?? null },
            tabular: task === 'tabular' ? tabularPlan(tm.constraints ?? {}, features, source, Boolean(a.noise || a.fgm)) : null
        },
        data: {
            train: fileRef(source, root, ['data', 'train'], raw.data.train),
            evaluate,
            columns: { id: 'id', text: 'text', label: 'label', language: 'language', domain: 'domain', ...raw.data.columns, features },
            onBadRow: raw.data.on_bad_row ?? 'error'
        },
        models,
        statistics: {
            seed: stats.seed,
            bootstrapIterations: stats.bootstrap_iterations,
            pairedIterations: stats.paired_iterations,
            interval: stats.interval
        },
        selective: { abstainBelow: abstain },
        output: { text: raw.output?.text ?? 'full', gzipAboveBytes: raw.output?.gzip_above_bytes ?? DEFAULT_GZIP_ABOVE_BYTES },
        manifest: { lockFiles: (raw.manifest?.lock_files ?? []).map((p, i) => fileRef(source, root, ['manifest', 'lock_files', i], p)) },
        gate: buildGate(raw, source, [...modelNames])
    };
}
const TEXT_ONLY_ATTACKS = FAMILIES;
const TABULAR_ONLY_ATTACKS = TABULAR_FAMILIES;
/** Keys that belong to the other task are refused, naming the task they belong to. */
function checkTaskKeys(raw, source, task) {
    const attacks = Object.keys(raw.threat_model.attacks ?? {});
    const constraints = Object.keys(raw.threat_model.constraints ?? {});
    const foreignAttacks = task === 'text' ? TABULAR_ONLY_ATTACKS : TEXT_ONLY_ATTACKS;
    const foreignConstraints = task === 'text' ? ['linf_eps', 'editable', 'bounds'] : ['max_char_edit_ratio'];
    for (const key of attacks) {
        if (foreignAttacks.includes(key))
            throw configError(source, ['threat_model', 'attacks', key], `the ${key} family belongs to task ${task === 'text' ? 'tabular' : 'text'}; expected a family of task ${task}`, true);
    }
    for (const key of constraints) {
        if (foreignConstraints.includes(key))
            throw configError(source, ['threat_model', 'constraints', key], `this constraint belongs to task ${task === 'text' ? 'tabular' : 'text'}; expected a constraint of task ${task}`, true);
    }
    const features = raw.data.columns?.features;
    if (task === 'text' && features)
        throw configError(source, ['data', 'columns', 'features'], 'feature columns belong to task tabular; expected task: tabular or no features key', true);
    if (task === 'tabular' && !features)
        throw configError(source, ['data', 'columns'], 'task tabular needs data.columns.features; expected a list of numeric feature columns, found none', true);
}
/** The L∞ threat model of SPEC §13: budget, editable features, bounds (all checked against the feature list). */
function tabularPlan(constraints, features, source, hasAttack) {
    const at = ['threat_model', 'constraints'];
    const known = (name, path) => {
        if (!features.includes(name))
            throw configError(source, path, `expected one of the feature columns (${features.join(', ')}), found ${JSON.stringify(name)}`, true);
    };
    if (hasAttack && constraints.linf_eps === undefined) {
        throw configError(source, at, 'noise and fgm need an L∞ budget; expected threat_model.constraints.linf_eps > 0, found none', true);
    }
    const editable = constraints.editable ?? features;
    editable.forEach((name, i) => known(name, [...at, 'editable', i]));
    const bounds = {};
    for (const [name, pair] of Object.entries(constraints.bounds ?? {})) {
        known(name, [...at, 'bounds', name]);
        const [lo, hi] = pair;
        if (!(lo <= hi))
            throw configError(source, [...at, 'bounds', name], `expected [lower, upper] with lower ≤ upper, found [${lo}, ${hi}]`);
        bounds[name] = [lo, hi];
    }
    return { eps: constraints.linf_eps ?? 0, editable: [...editable], bounds };
}
function buildGate(raw, source, modelNames) {
    const gate = raw.gate ?? {};
    const gateLine = source.has(['gate']) ? source.keyLineOf(['gate']) : 1;
    const threshold = (path, value, fallback) => value === undefined
        ? { value: fallback, configKey: path.join('.'), isDefault: true, line: gateLine }
        : { value, configKey: path.join('.'), isDefault: false, line: source.keyLineOf(path) };
    const thresholds = Object.fromEntries(GATE_KEYS.map((key) => [key, threshold(['gate', key], gate[key], GATE_DEFAULTS_V1[key])]));
    const families = {};
    const familyNames = new Set([...Object.keys(FAMILY_DEFAULTS_V1), ...Object.keys(gate.families ?? {})]);
    for (const family of familyNames) {
        const set = gate.families?.[family] ?? {};
        const builtin = FAMILY_DEFAULTS_V1[family] ?? {};
        const entry = {};
        for (const key of FAMILY_GATE_KEYS) {
            if (set[key] !== undefined)
                entry[key] = threshold(['gate', 'families', family, key], set[key], 0);
            else if (builtin[key] !== undefined)
                entry[key] = threshold(['gate', 'families', family, key], undefined, builtin[key]);
        }
        families[family] = entry;
    }
    const judged = gate.models ?? modelNames;
    judged.forEach((name, i) => {
        if (!modelNames.includes(name))
            throw configError(source, ['gate', 'models', i], `expected a configured model name (${modelNames.join(', ')}), found ${JSON.stringify(name)}`);
    });
    return { thresholds, families, allowNotEvaluated: gate.allow_not_evaluated ?? false, models: [...judged] };
}

;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/api/CsvError.js
class CsvError extends Error {
  constructor(code, message, options, ...contexts) {
    if (Array.isArray(message)) message = message.join(" ").trim();
    super(message);
    if (Error.captureStackTrace !== undefined) {
      Error.captureStackTrace(this, CsvError);
    }
    this.code = code;
    for (const context of contexts) {
      for (const key in context) {
        const value = context[key];
        this[key] = Buffer.isBuffer(value)
          ? value.toString(options.encoding)
          : value == null
            ? value
            : JSON.parse(JSON.stringify(value));
      }
    }
  }
}



;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/utils/is_object.js
const is_object = function (obj) {
  return typeof obj === "object" && obj !== null && !Array.isArray(obj);
};



;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/api/normalize_columns_array.js



const normalize_columns_array = function (columns) {
  const normalizedColumns = [];
  for (let i = 0, l = columns.length; i < l; i++) {
    const column = columns[i];
    if (column === undefined || column === null || column === false) {
      normalizedColumns[i] = { disabled: true };
    } else if (typeof column === "string" || typeof column === "number") {
      normalizedColumns[i] = { name: `${column}` };
    } else if (is_object(column)) {
      if (typeof column.name !== "string") {
        throw new CsvError("CSV_OPTION_COLUMNS_MISSING_NAME", [
          "Option columns missing name:",
          `property "name" is required at position ${i}`,
          "when column is an object literal",
        ]);
      }
      normalizedColumns[i] = column;
    } else {
      throw new CsvError("CSV_INVALID_COLUMN_DEFINITION", [
        "Invalid column definition:",
        "expect a string or a literal object,",
        `got ${JSON.stringify(column)} at position ${i}`,
      ]);
    }
  }
  return normalizedColumns;
};



;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/utils/ResizeableBuffer.js
class ResizeableBuffer {
  constructor(size = 100) {
    this.size = size;
    this.length = 0;
    this.buf = Buffer.allocUnsafe(size);
  }
  prepend(val) {
    if (Buffer.isBuffer(val)) {
      const length = this.length + val.length;
      if (length >= this.size) {
        this.resize();
        if (length >= this.size) {
          throw Error("INVALID_BUFFER_STATE");
        }
      }
      const buf = this.buf;
      this.buf = Buffer.allocUnsafe(this.size);
      val.copy(this.buf, 0);
      buf.copy(this.buf, val.length);
      this.length += val.length;
    } else {
      const length = this.length++;
      if (length === this.size) {
        this.resize();
      }
      const buf = this.clone();
      this.buf[0] = val;
      buf.copy(this.buf, 1, 0, length);
    }
  }
  append(val) {
    const length = this.length++;
    if (length === this.size) {
      this.resize();
    }
    this.buf[length] = val;
  }
  clone() {
    return Buffer.from(this.buf.slice(0, this.length));
  }
  resize() {
    const length = this.length;
    this.size = this.size * 2;
    const buf = Buffer.allocUnsafe(this.size);
    this.buf.copy(buf, 0, 0, length);
    this.buf = buf;
  }
  toString(encoding) {
    if (encoding) {
      return this.buf.toString(encoding, 0, this.length);
    } else {
      return Uint8Array.prototype.slice.call(this.buf.slice(0, this.length));
    }
  }
  toJSON() {
    return this.toString("utf8");
  }
  reset() {
    this.length = 0;
  }
}

/* harmony default export */ const utils_ResizeableBuffer = (ResizeableBuffer);

;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/api/init_state.js


const init_state = function (options) {
  // ECMAScript WhiteSpace + LineTerminator codepoints, encoded under
  // `options.encoding`. Aligns trimming with `String.prototype.trim()`.
  // https://tc39.es/ecma262/#sec-white-space
  // https://tc39.es/ecma262/#sec-line-terminators
  //
  // Codepoints unrepresentable in the target encoding are dropped: Node's
  // Buffer substitutes them with `?` (0x3F), and including those would cause
  // literal `?` bytes in the input to be trimmed under `latin1`/`ascii`.
  const timchars = [
    // Basic Latin
    0x0020, // [Space](https://www.fileformat.info/info/unicode/char/0020/index.htm)
    0x0009, // [CHARACTER TABULATION (HT)](https://www.fileformat.info/info/unicode/char/0009/index.htm)
    0x000a, // [LINE FEED (LF)](https://www.fileformat.info/info/unicode/char/000a/index.htm)
    0x000d, // [CARRIAGE RETURN (CR)](https://www.fileformat.info/info/unicode/char/000d/index.htm)
    0x000c, // [FORM FEED (FF)](https://www.fileformat.info/info/unicode/char/000c/index.htm)
    0x000b, // [LINE TABULATION (VT)](https://www.fileformat.info/info/unicode/char/000b/index.htm)
    // Latin-1 Supplement
    0x00a0, // [NO-BREAK SPACE (NBSP)](https://www.fileformat.info/info/unicode/char/00a0/index.htm)
    // Ogham
    0x1680, // [OGHAM SPACE MARK](https://www.fileformat.info/info/unicode/char/1680/index.htm)
    // General Punctuation
    0x2000, // [EN QUAD](https://www.fileformat.info/info/unicode/char/2000/index.htm)
    0x2001, // [EM QUAD](https://www.fileformat.info/info/unicode/char/2001/index.htm)
    0x2002, // [EN SPACE](https://www.fileformat.info/info/unicode/char/2002/index.htm)
    0x2003, // [EM SPACE](https://www.fileformat.info/info/unicode/char/2003/index.htm)
    0x2004, // [THREE-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2004/index.htm)
    0x2005, // [FOUR-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2005/index.htm)
    0x2006, // [SIX-PER-EM SPACE](https://www.fileformat.info/info/unicode/char/2006/index.htm)
    0x2007, // [FIGURE SPACE](https://www.fileformat.info/info/unicode/char/2007/index.htm)
    0x2008, // [PUNCTUATION SPACE](https://www.fileformat.info/info/unicode/char/2008/index.htm)
    0x2009, // [THIN SPACE](https://www.fileformat.info/info/unicode/char/2009/index.htm)
    0x200a, // [HAIR SPACE](https://www.fileformat.info/info/unicode/char/200a/index.htm)
    0x2028, // [LINE SEPARATOR](https://www.fileformat.info/info/unicode/char/2028/index.htm)
    0x2029, // [PARAGRAPH SEPARATOR](https://www.fileformat.info/info/unicode/char/2029/index.htm)
    0x202f, // [NARROW NO-BREAK SPACE (NNBSP)](https://www.fileformat.info/info/unicode/char/202f/index.htm)
    0x205f, // [MEDIUM MATHEMATICAL SPACE (MMSP)](https://www.fileformat.info/info/unicode/char/205f/index.htm)
    0x3000, // [IDEOGRAPHIC SPACE](https://www.fileformat.info/info/unicode/char/3000/index.htm)
    0xfeff, // [ZERO WIDTH NO-BREAK SPACE (BOM)](https://www.fileformat.info/info/unicode/char/feff/index.htm)
  ].reduce((acc, codepoint) => {
    const encoded = Buffer.from(
      String.fromCharCode(codepoint),
      options.encoding,
    );
    if (codepoint !== 0x3f && encoded.length === 1 && encoded[0] === 0x3f) {
      return acc;
    }
    acc.push(encoded);
    return acc;
  }, []);
  // First-byte lookup table for `__isCharTrimable`. Non-whitespace bytes
  // (the common case) bail out in O(1) without scanning every timchar.
  const timcharFirstBytes = new Uint8Array(256);
  for (const t of timchars) timcharFirstBytes[t[0]] = 1;
  return {
    bomSkipped: false,
    bufBytesStart: 0,
    castField: options.cast_function,
    commenting: false,
    delimiterBufPrevious: undefined,
    delimiterDiscovered: false,
    // Current error encountered by a record
    error: undefined,
    enabled: options.from_line === 1,
    escaping: false,
    escapeIsQuote:
      Buffer.isBuffer(options.escape) &&
      Buffer.isBuffer(options.quote) &&
      Buffer.compare(options.escape, options.quote) === 0,
    // columns can be `false`, `true`, `Array`
    expectedRecordLength: Array.isArray(options.columns)
      ? options.columns.length
      : undefined,
    field: new utils_ResizeableBuffer(20),
    firstLineToHeaders: options.cast_first_line_to_header,
    needMoreDataSize: Math.max(
      // Skip if the remaining buffer smaller than comment
      options.comment !== null ? options.comment.length : 0,
      // Skip if the remaining buffer can be delimiter
      ...(options.delimiter
        ? options.delimiter.map((delimiter) => delimiter.length)
        : []),
      // Auto discovery of delimiter is limited to 1 character
      options.delimiter_auto ? 1 : 0,
      // Skip if the remaining buffer can be escape sequence
      options.quote !== null ? options.quote.length : 0,
      // Skip if the remaining buffer can be a multi-byte trim character
      ...timchars.map((t) => t.length),
    ),
    previousBuf: undefined,
    quoting: false,
    stop: false,
    rawBuffer: new utils_ResizeableBuffer(100),
    record: [],
    recordHasError: false,
    record_length: 0,
    recordDelimiterMaxLength:
      options.record_delimiter.length === 0
        ? 0
        : Math.max(...options.record_delimiter.map((v) => v.length)),
    trimChars: [
      Buffer.from(" ", options.encoding)[0],
      Buffer.from("\t", options.encoding)[0],
    ],
    wasQuoting: false,
    wasRowDelimiter: false,
    timchars: timchars,
    timcharFirstBytes: timcharFirstBytes,
  };
};



;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/utils/underscore.js
const underscore = function (str) {
  return str.replace(/([A-Z])/g, function (_, match) {
    return "_" + match.toLowerCase();
  });
};



;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/api/normalize_options.js





const normalize_options = function (opts) {
  const options = {};
  // Merge with user options
  for (const opt in opts) {
    options[underscore(opt)] = opts[opt];
  }
  // Normalize option `encoding`
  // Note: defined first because other options depends on it
  // to convert chars/strings into buffers.
  if (options.encoding === undefined || options.encoding === true) {
    options.encoding = "utf8";
  } else if (options.encoding === null || options.encoding === false) {
    options.encoding = null;
  } else if (
    typeof options.encoding !== "string" &&
    options.encoding !== null
  ) {
    throw new CsvError(
      "CSV_INVALID_OPTION_ENCODING",
      [
        "Invalid option encoding:",
        "encoding must be a string or null to return a buffer,",
        `got ${JSON.stringify(options.encoding)}`,
      ],
      options,
    );
  }
  // Normalize option `bom`
  if (
    options.bom === undefined ||
    options.bom === null ||
    options.bom === false
  ) {
    options.bom = false;
  } else if (options.bom !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_BOM",
      [
        "Invalid option bom:",
        "bom must be true,",
        `got ${JSON.stringify(options.bom)}`,
      ],
      options,
    );
  }
  // Normalize option `cast`
  options.cast_function = null;
  if (
    options.cast === undefined ||
    options.cast === null ||
    options.cast === false ||
    options.cast === ""
  ) {
    options.cast = undefined;
  } else if (typeof options.cast === "function") {
    options.cast_function = options.cast;
    options.cast = true;
  } else if (options.cast !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_CAST",
      [
        "Invalid option cast:",
        "cast must be true or a function,",
        `got ${JSON.stringify(options.cast)}`,
      ],
      options,
    );
  }
  // Normalize option `cast_date`
  if (
    options.cast_date === undefined ||
    options.cast_date === null ||
    options.cast_date === false ||
    options.cast_date === ""
  ) {
    options.cast_date = false;
  } else if (options.cast_date === true) {
    options.cast_date = function (value) {
      const date = Date.parse(value);
      return !isNaN(date) ? new Date(date) : value;
    };
  } else if (typeof options.cast_date !== "function") {
    throw new CsvError(
      "CSV_INVALID_OPTION_CAST_DATE",
      [
        "Invalid option cast_date:",
        "cast_date must be true or a function,",
        `got ${JSON.stringify(options.cast_date)}`,
      ],
      options,
    );
  }
  // Normalize option `columns`
  options.cast_first_line_to_header = undefined;
  if (options.columns === true) {
    // Fields in the first line are converted as-is to columns
    options.cast_first_line_to_header = undefined;
  } else if (typeof options.columns === "function") {
    options.cast_first_line_to_header = options.columns;
    options.columns = true;
  } else if (Array.isArray(options.columns)) {
    options.columns = normalize_columns_array(options.columns);
  } else if (
    options.columns === undefined ||
    options.columns === null ||
    options.columns === false
  ) {
    options.columns = false;
  } else {
    throw new CsvError(
      "CSV_INVALID_OPTION_COLUMNS",
      [
        "Invalid option columns:",
        "expect an array, a function or true,",
        `got ${JSON.stringify(options.columns)}`,
      ],
      options,
    );
  }
  // Normalize option `group_columns_by_name`
  if (
    options.group_columns_by_name === undefined ||
    options.group_columns_by_name === null ||
    options.group_columns_by_name === false
  ) {
    options.group_columns_by_name = false;
  } else if (options.group_columns_by_name !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_GROUP_COLUMNS_BY_NAME",
      [
        "Invalid option group_columns_by_name:",
        "expect an boolean,",
        `got ${JSON.stringify(options.group_columns_by_name)}`,
      ],
      options,
    );
  } else if (options.columns === false) {
    throw new CsvError(
      "CSV_INVALID_OPTION_GROUP_COLUMNS_BY_NAME",
      [
        "Invalid option group_columns_by_name:",
        "the `columns` mode must be activated.",
      ],
      options,
    );
  }
  // Normalize option `comment`
  if (
    options.comment === undefined ||
    options.comment === null ||
    options.comment === false ||
    options.comment === ""
  ) {
    options.comment = null;
  } else {
    if (typeof options.comment === "string") {
      options.comment = Buffer.from(options.comment, options.encoding);
    }
    if (!Buffer.isBuffer(options.comment)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_COMMENT",
        [
          "Invalid option comment:",
          "comment must be a buffer or a string,",
          `got ${JSON.stringify(options.comment)}`,
        ],
        options,
      );
    }
  }
  // Normalize option `comment_no_infix`
  if (
    options.comment_no_infix === undefined ||
    options.comment_no_infix === null ||
    options.comment_no_infix === false
  ) {
    options.comment_no_infix = false;
  } else if (options.comment_no_infix !== true) {
    throw new CsvError(
      "CSV_INVALID_OPTION_COMMENT",
      [
        "Invalid option comment_no_infix:",
        "value must be a boolean,",
        `got ${JSON.stringify(options.comment_no_infix)}`,
      ],
      options,
    );
  }
  // Normalize option `delimiter_auto`
  if (
    options.delimiter_auto === undefined ||
    options.delimiter_auto === null ||
    options.delimiter_auto === false
  ) {
    options.delimiter_auto = false;
  } else if (options.delimiter_auto === true) {
    options.delimiter_auto = {};
  } else if (!is_object(options.delimiter_auto)) {
    throw new CsvError(
      "CSV_INVALID_OPTION_DELIMITER_AUTO",
      [
        "Invalid option delimiter_auto:",
        "delimiter_auto must be a boolean or a configuration object,",
        `got ${JSON.stringify(options.delimiter_auto)}`,
      ],
      options,
    );
  }
  if (options.delimiter_auto) {
    if (options.delimiter_auto.preferred === undefined)
      options.delimiter_auto.preferred = {
        [",".charCodeAt(0)]: 1.8,
        ["\t".charCodeAt(0)]: 1.8,
        [";".charCodeAt(0)]: 1.6,
        [" ".charCodeAt(0)]: 1.6,
        [":".charCodeAt(0)]: 1.5,
        [".".charCodeAt(0)]: 1.4,
        ["/".charCodeAt(0)]: 1.4,
      };
    else if (!is_object(options.delimiter_auto.preferred)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "preferred must be an object,",
          `got ${JSON.stringify(options.delimiter_auto.preferred)}`,
        ],
        options,
      );
    }
    if (options.delimiter_auto.score === undefined)
      options.delimiter_auto.score = (info, options) => {
        return (
          (info.total - info.std) * (options.preferred[info.char_code] || 1)
        );
      };
    else if (typeof options.delimiter_auto.score !== "function") {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "score must be a function,",
          `got ${JSON.stringify(options.delimiter_auto.score)}`,
        ],
        options,
      );
    }
    if (options.delimiter_auto.size === undefined)
      options.delimiter_auto.size = 2048;
    else if (typeof options.delimiter_auto.size !== "number") {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER_AUTO",
        [
          "Invalid option delimiter_auto:",
          "size must be a number,",
          `got ${JSON.stringify(options.delimiter_auto.size)}`,
        ],
        options,
      );
    }
  }
  // Normalize option `delimiter`
  const delimiter_json = JSON.stringify(options.delimiter);
  if (options.delimiter_auto !== false) {
    options.delimiter = [];
  }
  if (!Array.isArray(options.delimiter)) {
    if (
      options.delimiter === undefined ||
      options.delimiter === null ||
      options.delimiter === false
    ) {
      options.delimiter = Buffer.from(",", options.encoding);
    }
    options.delimiter = [options.delimiter];
  }
  options.delimiter = options.delimiter.map(function (delimiter) {
    if (typeof delimiter === "string") {
      delimiter = Buffer.from(delimiter, options.encoding);
    }
    if (!Buffer.isBuffer(delimiter) || delimiter.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_DELIMITER",
        [
          "Invalid option delimiter:",
          "delimiter must be a non empty string or buffer or array of string|buffer,",
          `got ${delimiter_json}`,
        ],
        options,
      );
    }
    return delimiter;
  });
  // Normalize option `escape`
  if (options.escape === undefined || options.escape === true) {
    options.escape = Buffer.from('"', options.encoding);
  } else if (typeof options.escape === "string") {
    options.escape = Buffer.from(options.escape, options.encoding);
  } else if (options.escape === null || options.escape === false) {
    options.escape = null;
  }
  if (options.escape !== null) {
    if (!Buffer.isBuffer(options.escape)) {
      throw new Error(
        `Invalid Option: escape must be a buffer, a string or a boolean, got ${JSON.stringify(options.escape)}`,
      );
    }
  }
  // Normalize option `from`
  if (options.from === undefined || options.from === null) {
    options.from = 1;
  } else {
    if (typeof options.from === "string" && /\d+/.test(options.from)) {
      options.from = parseInt(options.from);
    }
    if (Number.isInteger(options.from)) {
      if (options.from < 0) {
        throw new Error(
          `Invalid Option: from must be a positive integer, got ${JSON.stringify(opts.from)}`,
        );
      }
    } else {
      throw new Error(
        `Invalid Option: from must be an integer, got ${JSON.stringify(options.from)}`,
      );
    }
  }
  // Normalize option `from_line`
  if (options.from_line === undefined || options.from_line === null) {
    options.from_line = 1;
  } else {
    if (
      typeof options.from_line === "string" &&
      /\d+/.test(options.from_line)
    ) {
      options.from_line = parseInt(options.from_line);
    }
    if (Number.isInteger(options.from_line)) {
      if (options.from_line <= 0) {
        throw new Error(
          `Invalid Option: from_line must be a positive integer greater than 0, got ${JSON.stringify(opts.from_line)}`,
        );
      }
    } else {
      throw new Error(
        `Invalid Option: from_line must be an integer, got ${JSON.stringify(opts.from_line)}`,
      );
    }
  }
  // Normalize options `ignore_last_delimiters`
  if (
    options.ignore_last_delimiters === undefined ||
    options.ignore_last_delimiters === null
  ) {
    options.ignore_last_delimiters = false;
  } else if (typeof options.ignore_last_delimiters === "number") {
    options.ignore_last_delimiters = Math.floor(options.ignore_last_delimiters);
    if (options.ignore_last_delimiters === 0) {
      options.ignore_last_delimiters = false;
    }
  } else if (typeof options.ignore_last_delimiters !== "boolean") {
    throw new CsvError(
      "CSV_INVALID_OPTION_IGNORE_LAST_DELIMITERS",
      [
        "Invalid option `ignore_last_delimiters`:",
        "the value must be a boolean value or an integer,",
        `got ${JSON.stringify(options.ignore_last_delimiters)}`,
      ],
      options,
    );
  }
  if (options.ignore_last_delimiters === true && options.columns === false) {
    throw new CsvError(
      "CSV_IGNORE_LAST_DELIMITERS_REQUIRES_COLUMNS",
      [
        "The option `ignore_last_delimiters`",
        "requires the activation of the `columns` option",
      ],
      options,
    );
  }
  // Normalize option `info`
  if (
    options.info === undefined ||
    options.info === null ||
    options.info === false
  ) {
    options.info = false;
  } else if (options.info !== true) {
    throw new Error(
      `Invalid Option: info must be true, got ${JSON.stringify(options.info)}`,
    );
  }
  // Normalize option `max_record_size`
  if (
    options.max_record_size === undefined ||
    options.max_record_size === null ||
    options.max_record_size === false
  ) {
    options.max_record_size = 0;
  } else if (
    Number.isInteger(options.max_record_size) &&
    options.max_record_size >= 0
  ) {
    // Great, nothing to do
  } else if (
    typeof options.max_record_size === "string" &&
    /\d+/.test(options.max_record_size)
  ) {
    options.max_record_size = parseInt(options.max_record_size);
  } else {
    throw new Error(
      `Invalid Option: max_record_size must be a positive integer, got ${JSON.stringify(options.max_record_size)}`,
    );
  }
  // Normalize option `objname`
  if (
    options.objname === undefined ||
    options.objname === null ||
    options.objname === false
  ) {
    options.objname = undefined;
  } else if (Buffer.isBuffer(options.objname)) {
    if (options.objname.length === 0) {
      throw new Error(`Invalid Option: objname must be a non empty buffer`);
    }
    if (options.encoding === null) {
      // Don't call `toString`, leave objname as a buffer
    } else {
      options.objname = options.objname.toString(options.encoding);
    }
  } else if (typeof options.objname === "string") {
    if (options.objname.length === 0) {
      throw new Error(`Invalid Option: objname must be a non empty string`);
    }
    // Great, nothing to do
  } else if (typeof options.objname === "number") {
    // if(options.objname.length === 0){
    //   throw new Error(`Invalid Option: objname must be a non empty string`);
    // }
    // Great, nothing to do
  } else {
    throw new Error(
      `Invalid Option: objname must be a string or a buffer, got ${options.objname}`,
    );
  }
  if (options.objname !== undefined) {
    if (typeof options.objname === "number") {
      if (options.columns !== false) {
        throw Error(
          "Invalid Option: objname index cannot be combined with columns or be defined as a field",
        );
      }
    } else {
      // A string or a buffer
      if (options.columns === false) {
        throw Error(
          "Invalid Option: objname field must be combined with columns or be defined as an index",
        );
      }
    }
  }
  // Normalize option `on_record`
  if (options.on_record === undefined || options.on_record === null) {
    options.on_record = undefined;
  } else if (typeof options.on_record !== "function") {
    throw new CsvError(
      "CSV_INVALID_OPTION_ON_RECORD",
      [
        "Invalid option `on_record`:",
        "expect a function,",
        `got ${JSON.stringify(options.on_record)}`,
      ],
      options,
    );
  }
  // Normalize option `on_skip`
  // options.on_skip ??= (err, chunk) => {
  //   this.emit('skip', err, chunk);
  // };
  if (
    options.on_skip !== undefined &&
    options.on_skip !== null &&
    typeof options.on_skip !== "function"
  ) {
    throw new Error(
      `Invalid Option: on_skip must be a function, got ${JSON.stringify(options.on_skip)}`,
    );
  }
  // Normalize option `quote`
  if (
    options.quote === null ||
    options.quote === false ||
    options.quote === ""
  ) {
    options.quote = null;
  } else {
    if (options.quote === undefined || options.quote === true) {
      options.quote = Buffer.from('"', options.encoding);
    } else if (typeof options.quote === "string") {
      options.quote = Buffer.from(options.quote, options.encoding);
    }
    if (!Buffer.isBuffer(options.quote)) {
      throw new Error(
        `Invalid Option: quote must be a buffer or a string, got ${JSON.stringify(options.quote)}`,
      );
    }
  }
  // Normalize option `raw`
  if (
    options.raw === undefined ||
    options.raw === null ||
    options.raw === false
  ) {
    options.raw = false;
  } else if (options.raw !== true) {
    throw new Error(
      `Invalid Option: raw must be true, got ${JSON.stringify(options.raw)}`,
    );
  }
  // Normalize option `record_delimiter`
  if (options.record_delimiter === undefined) {
    options.record_delimiter = [];
  } else if (
    typeof options.record_delimiter === "string" ||
    Buffer.isBuffer(options.record_delimiter)
  ) {
    if (options.record_delimiter.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a non empty string or buffer,",
          `got ${JSON.stringify(options.record_delimiter)}`,
        ],
        options,
      );
    }
    options.record_delimiter = [options.record_delimiter];
  } else if (!Array.isArray(options.record_delimiter)) {
    throw new CsvError(
      "CSV_INVALID_OPTION_RECORD_DELIMITER",
      [
        "Invalid option `record_delimiter`:",
        "value must be a string, a buffer or array of string|buffer,",
        `got ${JSON.stringify(options.record_delimiter)}`,
      ],
      options,
    );
  }
  options.record_delimiter = options.record_delimiter.map(function (rd, i) {
    if (typeof rd !== "string" && !Buffer.isBuffer(rd)) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a string, a buffer or array of string|buffer",
          `at index ${i},`,
          `got ${JSON.stringify(rd)}`,
        ],
        options,
      );
    } else if (rd.length === 0) {
      throw new CsvError(
        "CSV_INVALID_OPTION_RECORD_DELIMITER",
        [
          "Invalid option `record_delimiter`:",
          "value must be a non empty string or buffer",
          `at index ${i},`,
          `got ${JSON.stringify(rd)}`,
        ],
        options,
      );
    }
    if (typeof rd === "string") {
      rd = Buffer.from(rd, options.encoding);
    }
    return rd;
  });
  // Normalize option `relax_column_count`
  if (typeof options.relax_column_count === "boolean") {
    // Great, nothing to do
  } else if (
    options.relax_column_count === undefined ||
    options.relax_column_count === null
  ) {
    options.relax_column_count = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count must be a boolean, got ${JSON.stringify(options.relax_column_count)}`,
    );
  }
  if (typeof options.relax_column_count_less === "boolean") {
    // Great, nothing to do
  } else if (
    options.relax_column_count_less === undefined ||
    options.relax_column_count_less === null
  ) {
    options.relax_column_count_less = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count_less must be a boolean, got ${JSON.stringify(options.relax_column_count_less)}`,
    );
  }
  if (typeof options.relax_column_count_more === "boolean") {
    // Great, nothing to do
  } else if (
    options.relax_column_count_more === undefined ||
    options.relax_column_count_more === null
  ) {
    options.relax_column_count_more = false;
  } else {
    throw new Error(
      `Invalid Option: relax_column_count_more must be a boolean, got ${JSON.stringify(options.relax_column_count_more)}`,
    );
  }
  // Normalize option `relax_quotes`
  if (typeof options.relax_quotes === "boolean") {
    // Great, nothing to do
  } else if (
    options.relax_quotes === undefined ||
    options.relax_quotes === null
  ) {
    options.relax_quotes = false;
  } else {
    throw new Error(
      `Invalid Option: relax_quotes must be a boolean, got ${JSON.stringify(options.relax_quotes)}`,
    );
  }
  // Normalize option `skip_empty_lines`
  if (typeof options.skip_empty_lines === "boolean") {
    // Great, nothing to do
  } else if (
    options.skip_empty_lines === undefined ||
    options.skip_empty_lines === null
  ) {
    options.skip_empty_lines = false;
  } else {
    throw new Error(
      `Invalid Option: skip_empty_lines must be a boolean, got ${JSON.stringify(options.skip_empty_lines)}`,
    );
  }
  // Normalize option `skip_records_with_empty_values`
  if (typeof options.skip_records_with_empty_values === "boolean") {
    // Great, nothing to do
  } else if (
    options.skip_records_with_empty_values === undefined ||
    options.skip_records_with_empty_values === null
  ) {
    options.skip_records_with_empty_values = false;
  } else {
    throw new Error(
      `Invalid Option: skip_records_with_empty_values must be a boolean, got ${JSON.stringify(options.skip_records_with_empty_values)}`,
    );
  }
  // Normalize option `skip_records_with_error`
  if (typeof options.skip_records_with_error === "boolean") {
    // Great, nothing to do
  } else if (
    options.skip_records_with_error === undefined ||
    options.skip_records_with_error === null
  ) {
    options.skip_records_with_error = false;
  } else {
    throw new Error(
      `Invalid Option: skip_records_with_error must be a boolean, got ${JSON.stringify(options.skip_records_with_error)}`,
    );
  }
  // Normalize option `rtrim`
  if (
    options.rtrim === undefined ||
    options.rtrim === null ||
    options.rtrim === false
  ) {
    options.rtrim = false;
  } else if (options.rtrim !== true) {
    throw new Error(
      `Invalid Option: rtrim must be a boolean, got ${JSON.stringify(options.rtrim)}`,
    );
  }
  // Normalize option `ltrim`
  if (
    options.ltrim === undefined ||
    options.ltrim === null ||
    options.ltrim === false
  ) {
    options.ltrim = false;
  } else if (options.ltrim !== true) {
    throw new Error(
      `Invalid Option: ltrim must be a boolean, got ${JSON.stringify(options.ltrim)}`,
    );
  }
  // Normalize option `trim`
  if (
    options.trim === undefined ||
    options.trim === null ||
    options.trim === false
  ) {
    options.trim = false;
  } else if (options.trim !== true) {
    throw new Error(
      `Invalid Option: trim must be a boolean, got ${JSON.stringify(options.trim)}`,
    );
  }
  // Normalize options `trim`, `ltrim` and `rtrim`
  if (options.trim === true && opts.ltrim !== false) {
    options.ltrim = true;
  } else if (options.ltrim !== true) {
    options.ltrim = false;
  }
  if (options.trim === true && opts.rtrim !== false) {
    options.rtrim = true;
  } else if (options.rtrim !== true) {
    options.rtrim = false;
  }
  // Normalize option `to`
  if (options.to === undefined || options.to === null) {
    options.to = -1;
  } else if (options.to !== -1) {
    if (typeof options.to === "string" && /\d+/.test(options.to)) {
      options.to = parseInt(options.to);
    }
    if (Number.isInteger(options.to)) {
      if (options.to <= 0) {
        throw new Error(
          `Invalid Option: to must be a positive integer greater than 0, got ${JSON.stringify(opts.to)}`,
        );
      }
    } else {
      throw new Error(
        `Invalid Option: to must be an integer, got ${JSON.stringify(opts.to)}`,
      );
    }
  }
  // Normalize option `to_line`
  if (options.to_line === undefined || options.to_line === null) {
    options.to_line = -1;
  } else if (options.to_line !== -1) {
    if (typeof options.to_line === "string" && /\d+/.test(options.to_line)) {
      options.to_line = parseInt(options.to_line);
    }
    if (Number.isInteger(options.to_line)) {
      if (options.to_line <= 0) {
        throw new Error(
          `Invalid Option: to_line must be a positive integer greater than 0, got ${JSON.stringify(opts.to_line)}`,
        );
      }
    } else {
      throw new Error(
        `Invalid Option: to_line must be an integer, got ${JSON.stringify(opts.to_line)}`,
      );
    }
  }
  return options;
};



;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/utils/delimiter_discover.js



// Discussed in [issue #400](https://github.com/adaltas/node-csv/issues/400)
// See https://github.com/python/cpython/blob/ea1b1c579f600cc85d145c60862b2e6b98701b24/Lib/csv.py#L349
const delimiter_discover = function (records, options) {
  // Normalize the configuration
  if (!options) {
    ({ delimiter_auto: options } = normalize_options({ delimiter_auto: true }));
  }
  // Convert String to Buffer
  if (typeof records === "string") {
    records = Buffer.from(records);
  }
  // Convert Buffer to an array of records
  if (Buffer.isBuffer(records)) {
    records = ((data) => {
      const records = [];
      const parser = transform({ delimiter: [] });
      const push = (record) => records.push(record);
      const close = () => {};
      const error = parser.parse(data, true, push, close);
      if (error !== undefined) throw error;
      return records;
    })(records);
  }
  // Info array initialization, 127 entries, one per char code
  const info = Array(127)
    .fill()
    .map(() => ({ lines: [] }));
  // Traverse each records, count occurences per char code
  records.map(([record], line) => {
    for (let i = 0, l = record.length; i < l; i++) {
      // Count the character frequency
      const code = record.charCodeAt(i);
      if (info[code].lines[line] === undefined) info[code].lines[line] = 0;
      info[code].lines[line]++;
    }
  });
  // Traverse each char code, compute the score
  info.map((info, i) => {
    info.char_code = i;
    info.std = std(info.lines);
    info.total = info.lines.reduce((acc, val) => acc + val, 0);
    info.preferred = !!options.preferred[i];
    info.score = options.score(info, options);
  });
  // Extract the dominant character
  const result = info.reduce(
    (acc, info) => (acc.score > info.score ? acc : info),
    {},
  );
  return String.fromCharCode(result.char_code);
};

const std = function (array) {
  const n = array.length;
  if (n === 0) return 0;
  const mean = array.reduce((a, b) => a + b) / n;
  return Math.sqrt(
    array.map((x) => Math.pow(x - mean, 2)).reduce((a, b) => a + b) / n,
  );
};



;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/api/index.js






const isRecordEmpty = function (record) {
  return record.every(
    (field) =>
      field == null || (field.toString && field.toString().trim() === ""),
  );
};

const cr = 13; // `\r`, carriage return, 0x0D in hexadécimal, 13 in decimal
const nl = 10; // `\n`, newline, 0x0A in hexadecimal, 10 in decimal

const boms = {
  // Note, the following are equals:
  // Buffer.from("\ufeff")
  // Buffer.from([239, 187, 191])
  // Buffer.from('EFBBBF', 'hex')
  utf8: Buffer.from([239, 187, 191]),
  // Note, the following are equals:
  // Buffer.from "\ufeff", 'utf16le
  // Buffer.from([255, 254])
  utf16le: Buffer.from([255, 254]),
};

const transform = function (original_options = {}) {
  const info = {
    bytes: 0,
    bytes_records: 0,
    comment_lines: 0,
    empty_lines: 0,
    invalid_field_length: 0,
    lines: 1,
    records: 0,
  };
  const options = normalize_options(original_options);
  return {
    info: info,
    original_options: original_options,
    options: options,
    state: init_state(options),
    __needMoreData: function (i, bufLen, end) {
      if (end) return false;
      const { encoding, escape, quote } = this.options;
      const { quoting, needMoreDataSize, recordDelimiterMaxLength } =
        this.state;
      const numOfCharLeft = bufLen - i - 1;
      const requiredLength = Math.max(
        needMoreDataSize,
        // Skip if the remaining buffer smaller than record delimiter
        // If "record_delimiter" is yet to be discovered:
        // 1. It is equals to `[]` and "recordDelimiterMaxLength" equals `0`
        // 2. We set the length to windows line ending in the current encoding
        // Note, that encoding is known from user or bom discovery at that point
        // recordDelimiterMaxLength,
        recordDelimiterMaxLength === 0
          ? Buffer.from("\r\n", encoding).length
          : recordDelimiterMaxLength,
        // Skip if remaining buffer can be an escaped quote
        quoting ? (escape === null ? 0 : escape.length) + quote.length : 0,
        // Skip if remaining buffer can be record delimiter following the closing quote
        quoting ? quote.length + recordDelimiterMaxLength : 0,
      );
      return numOfCharLeft < requiredLength;
    },
    // Central parser implementation
    parse: function (nextBuf, end, push, close) {
      const {
        bom,
        comment_no_infix,
        delimiter_auto,
        encoding,
        from_line,
        ltrim,
        max_record_size,
        raw,
        relax_quotes,
        rtrim,
        skip_empty_lines,
        to,
        to_line,
      } = this.options;
      let { comment, escape, quote, record_delimiter } = this.options;
      const {
        bomSkipped,
        delimiterDiscovered,
        delimiterBufPrevious,
        rawBuffer,
        escapeIsQuote,
      } = this.state;
      // Automatic delimiter discovery
      if (!delimiterDiscovered && delimiter_auto) {
        let delimiterBuf;
        if (delimiterBufPrevious === undefined) {
          delimiterBuf = nextBuf;
        } else if (
          delimiterBufPrevious !== undefined &&
          nextBuf === undefined
        ) {
          delimiterBuf = delimiterBufPrevious;
        } else {
          delimiterBuf = Buffer.concat([delimiterBufPrevious, nextBuf]);
        }
        // Ensure that nextBuf is not concatenated a second time during buffer reconciliation
        nextBuf = undefined;
        // this.delimiterBufPrevious = delimiterBuf;
        if (end || delimiterBuf.length > delimiter_auto.size) {
          this.options.delimiter = [
            Buffer.from(
              delimiter_discover(delimiterBuf, this.options.delimiter_auto),
            ),
          ];
          this.state.previousBuf = delimiterBuf;
          this.state.delimiterBufPrevious = undefined;
          this.state.delimiterDiscovered = true;
        } else {
          this.state.delimiterBufPrevious = delimiterBuf;
          return;
        }
      }
      // Previous buffers reconciliation
      const { previousBuf } = this.state;
      let buf;
      if (previousBuf === undefined) {
        if (nextBuf === undefined) {
          // Handle empty string
          close();
          return;
        } else {
          buf = nextBuf;
        }
      } else if (previousBuf !== undefined && nextBuf === undefined) {
        buf = previousBuf;
      } else {
        buf = Buffer.concat([previousBuf, nextBuf]);
      }
      // Handle UTF BOM
      if (bomSkipped === false) {
        if (bom === false) {
          this.state.bomSkipped = true;
        } else if (buf.length < 3) {
          // No enough data
          if (end === false) {
            // Wait for more data
            this.state.previousBuf = buf;
            return;
          }
        } else {
          for (const encoding in boms) {
            if (boms[encoding].compare(buf, 0, boms[encoding].length) === 0) {
              // Skip BOM
              const bomLength = boms[encoding].length;
              this.state.bufBytesStart += bomLength;
              buf = buf.slice(bomLength);
              // Renormalize original options with the new encoding
              const options = normalize_options({
                ...this.original_options,
                encoding: encoding,
              });
              // Properties are merged with the existing options instance
              for (const key in options) {
                this.options[key] = options[key];
              }
              // Options will re-evaluate the Buffer with the new encoding
              ({ comment, escape, quote } = this.options);
              break;
            }
          }
          this.state.bomSkipped = true;
        }
      }
      const bufLen = buf.length;
      let pos;
      for (pos = 0; pos < bufLen; pos++) {
        // Ensure we get enough space to look ahead
        // There should be a way to move this out of the loop
        if (this.__needMoreData(pos, bufLen, end)) {
          break;
        }
        if (this.state.wasRowDelimiter === true) {
          this.info.lines++;
          this.state.wasRowDelimiter = false;
        }
        if (to_line !== -1 && this.info.lines > to_line) {
          this.state.stop = true;
          close();
          return;
        }
        // Auto discovery of record_delimiter, unix, mac and windows supported
        if (this.state.quoting === false && record_delimiter.length === 0) {
          const record_delimiterCount = this.__autoDiscoverRecordDelimiter(
            buf,
            pos,
          );
          if (record_delimiterCount) {
            record_delimiter = this.options.record_delimiter;
          }
        }
        const chr = buf[pos];
        if (raw === true) {
          rawBuffer.append(chr);
        }
        if (
          (chr === cr || chr === nl) &&
          this.state.wasRowDelimiter === false
        ) {
          this.state.wasRowDelimiter = true;
        }
        // Previous char was a valid escape char
        // treat the current char as a regular char
        if (this.state.escaping === true) {
          this.state.escaping = false;
        } else {
          // Escape is only active inside quoted fields
          // We are quoting, the char is an escape chr and there is a chr to escape
          // if(escape !== null && this.state.quoting === true && chr === escape && pos + 1 < bufLen){
          if (
            escape !== null &&
            this.state.quoting === true &&
            this.__isEscape(buf, pos, chr) &&
            pos + escape.length < bufLen
          ) {
            if (escapeIsQuote) {
              if (this.__isQuote(buf, pos + escape.length)) {
                this.state.escaping = true;
                pos += escape.length - 1;
                continue;
              }
            } else {
              this.state.escaping = true;
              pos += escape.length - 1;
              continue;
            }
          }
          // Not currently escaping and chr is a quote
          // TODO: need to compare bytes instead of single char
          if (this.state.commenting === false && this.__isQuote(buf, pos)) {
            if (this.state.quoting === true) {
              const nextChr = buf[pos + quote.length];
              const isNextChrTrimable =
                rtrim && this.__isCharTrimable(buf, pos + quote.length);
              const isNextChrComment =
                comment !== null &&
                this.__compareBytes(comment, buf, pos + quote.length, nextChr);
              const isNextChrDelimiter = this.__isDelimiter(
                buf,
                pos + quote.length,
                nextChr,
              );
              const isNextChrRecordDelimiter =
                record_delimiter.length === 0
                  ? this.__autoDiscoverRecordDelimiter(buf, pos + quote.length)
                  : this.__isRecordDelimiter(nextChr, buf, pos + quote.length);
              // Escape a quote
              // Treat next char as a regular character
              if (
                escape !== null &&
                this.__isEscape(buf, pos, chr) &&
                this.__isQuote(buf, pos + escape.length)
              ) {
                pos += escape.length - 1;
              } else if (
                !nextChr ||
                isNextChrDelimiter ||
                isNextChrRecordDelimiter ||
                isNextChrComment ||
                isNextChrTrimable
              ) {
                this.state.quoting = false;
                this.state.wasQuoting = true;
                pos += quote.length - 1;
                continue;
              } else if (relax_quotes === false) {
                const err = this.__error(
                  new CsvError(
                    "CSV_INVALID_CLOSING_QUOTE",
                    [
                      "Invalid Closing Quote:",
                      `got "${String.fromCharCode(nextChr)}"`,
                      `at line ${this.info.lines}`,
                      "instead of delimiter, record delimiter, trimable character",
                      "(if activated) or comment",
                    ],
                    this.options,
                    this.__infoField(),
                  ),
                );
                if (err !== undefined) return err;
              } else {
                this.state.quoting = false;
                this.state.wasQuoting = true;
                this.state.field.prepend(quote);
                pos += quote.length - 1;
              }
            } else {
              if (this.state.field.length !== 0) {
                // In relax_quotes mode, treat opening quote preceded by chrs as regular
                if (relax_quotes === false) {
                  const info = this.__infoField();
                  const bom = Object.keys(boms)
                    .map((b) =>
                      boms[b].equals(this.state.field.toString()) ? b : false,
                    )
                    .filter(Boolean)[0];
                  const err = this.__error(
                    new CsvError(
                      "INVALID_OPENING_QUOTE",
                      [
                        "Invalid Opening Quote:",
                        `a quote is found on field ${JSON.stringify(info.column)} at line ${info.lines}, value is ${JSON.stringify(this.state.field.toString(encoding))}`,
                        bom ? `(${bom} bom)` : undefined,
                      ],
                      this.options,
                      info,
                      {
                        field: this.state.field,
                      },
                    ),
                  );
                  if (err !== undefined) return err;
                }
              } else {
                this.state.quoting = true;
                pos += quote.length - 1;
                continue;
              }
            }
          }
          if (this.state.quoting === false) {
            const recordDelimiterLength = this.__isRecordDelimiter(
              chr,
              buf,
              pos,
            );
            if (recordDelimiterLength !== 0) {
              // Do not emit comments which take a full line
              const skipCommentLine =
                this.state.commenting &&
                this.state.wasQuoting === false &&
                this.state.record.length === 0 &&
                this.state.field.length === 0;
              if (skipCommentLine) {
                this.info.comment_lines++;
                // Skip full comment line
              } else {
                // Activate records emission if above from_line
                if (
                  this.state.enabled === false &&
                  this.info.lines +
                    (this.state.wasRowDelimiter === true ? 1 : 0) >=
                    from_line
                ) {
                  this.state.enabled = true;
                  this.__resetField();
                  this.__resetRecord();
                  pos += recordDelimiterLength - 1;
                  continue;
                }
                // Skip if line is empty and skip_empty_lines activated
                if (
                  skip_empty_lines === true &&
                  this.state.wasQuoting === false &&
                  this.state.record.length === 0 &&
                  this.state.field.length === 0
                ) {
                  this.info.empty_lines++;
                  pos += recordDelimiterLength - 1;
                  continue;
                }
                this.info.bytes = this.state.bufBytesStart + pos;
                const errField = this.__onField();
                if (errField !== undefined) return errField;
                this.info.bytes =
                  this.state.bufBytesStart + pos + recordDelimiterLength;
                const errRecord = this.__onRecord(push);
                if (errRecord !== undefined) return errRecord;
                if (to !== -1 && this.info.records >= to) {
                  this.state.stop = true;
                  close();
                  return;
                }
              }
              this.state.commenting = false;
              pos += recordDelimiterLength - 1;
              continue;
            }
            if (this.state.commenting) {
              continue;
            }
            if (
              comment !== null &&
              (comment_no_infix === false ||
                (this.state.record.length === 0 &&
                  this.state.field.length === 0))
            ) {
              const commentCount = this.__compareBytes(comment, buf, pos, chr);
              if (commentCount !== 0) {
                this.state.commenting = true;
                continue;
              }
            }
            const delimiterLength = this.__isDelimiter(buf, pos, chr);
            if (delimiterLength !== 0) {
              this.info.bytes = this.state.bufBytesStart + pos;
              const errField = this.__onField();
              if (errField !== undefined) return errField;
              pos += delimiterLength - 1;
              continue;
            }
          }
        }
        if (this.state.commenting === false) {
          if (
            max_record_size !== 0 &&
            this.state.record_length + this.state.field.length > max_record_size
          ) {
            return this.__error(
              new CsvError(
                "CSV_MAX_RECORD_SIZE",
                [
                  "Max Record Size:",
                  "record exceed the maximum number of tolerated bytes",
                  `of ${max_record_size}`,
                  `at line ${this.info.lines}`,
                ],
                this.options,
                this.__infoField(),
              ),
            );
          }
        }
        const lappend =
          ltrim === false ||
          this.state.quoting === true ||
          this.state.field.length !== 0 ||
          !this.__isCharTrimable(buf, pos);
        // rtrim in non quoting is handle in __onField
        const rappend = rtrim === false || this.state.wasQuoting === false;
        if (lappend === true && rappend === true) {
          this.state.field.append(chr);
        } else if (rtrim === true && !this.__isCharTrimable(buf, pos)) {
          return this.__error(
            new CsvError(
              "CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE",
              [
                "Invalid Closing Quote:",
                "found non trimable byte after quote",
                `at line ${this.info.lines}`,
              ],
              this.options,
              this.__infoField(),
            ),
          );
        } else {
          if (lappend === false) {
            pos += this.__isCharTrimable(buf, pos) - 1;
          }
          continue;
        }
      }
      if (end === true) {
        // Ensure we are not ending in a quoting state
        if (this.state.quoting === true) {
          const err = this.__error(
            new CsvError(
              "CSV_QUOTE_NOT_CLOSED",
              [
                "Quote Not Closed:",
                `the parsing is finished with an opening quote at line ${this.info.lines}`,
              ],
              this.options,
              this.__infoField(),
            ),
          );
          if (err !== undefined) return err;
        } else {
          // Skip last line if it has no characters
          if (
            this.state.wasQuoting === true ||
            this.state.record.length !== 0 ||
            this.state.field.length !== 0
          ) {
            this.info.bytes = this.state.bufBytesStart + pos;
            const errField = this.__onField();
            if (errField !== undefined) return errField;
            const errRecord = this.__onRecord(push);
            if (errRecord !== undefined) return errRecord;
          } else if (this.state.wasRowDelimiter === true) {
            this.info.empty_lines++;
          } else if (this.state.commenting === true) {
            this.info.comment_lines++;
          }
        }
      } else {
        this.state.bufBytesStart += pos;
        this.state.previousBuf = buf.slice(pos);
      }
      if (this.state.wasRowDelimiter === true) {
        this.info.lines++;
        this.state.wasRowDelimiter = false;
      }
    },
    __onRecord: function (push) {
      const {
        columns,
        group_columns_by_name,
        encoding,
        info,
        from,
        relax_column_count,
        relax_column_count_less,
        relax_column_count_more,
        raw,
        skip_records_with_empty_values,
      } = this.options;
      const { enabled, record } = this.state;
      if (enabled === false) {
        return this.__resetRecord();
      }
      // Convert the first line into column names
      const recordLength = record.length;
      if (columns === true) {
        if (skip_records_with_empty_values === true && isRecordEmpty(record)) {
          this.__resetRecord();
          return;
        }
        return this.__firstLineToColumns(record);
      }
      if (columns === false && this.info.records === 0) {
        this.state.expectedRecordLength = recordLength;
      }
      if (recordLength !== this.state.expectedRecordLength) {
        const err =
          columns === false
            ? new CsvError(
                "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH",
                [
                  "Invalid Record Length:",
                  `expect ${this.state.expectedRecordLength},`,
                  `got ${recordLength} on line ${this.info.lines}`,
                ],
                this.options,
                this.__infoField(),
                {
                  record: record,
                },
              )
            : new CsvError(
                "CSV_RECORD_INCONSISTENT_COLUMNS",
                [
                  "Invalid Record Length:",
                  `columns length is ${columns.length},`, // rename columns
                  `got ${recordLength} on line ${this.info.lines}`,
                ],
                this.options,
                this.__infoField(),
                {
                  record: record,
                },
              );
        if (
          relax_column_count === true ||
          (relax_column_count_less === true &&
            recordLength < this.state.expectedRecordLength) ||
          (relax_column_count_more === true &&
            recordLength > this.state.expectedRecordLength)
        ) {
          this.info.invalid_field_length++;
          this.state.error = err;
          // Error is undefined with skip_records_with_error
        } else {
          const finalErr = this.__error(err);
          if (finalErr) return finalErr;
        }
      }
      if (skip_records_with_empty_values === true && isRecordEmpty(record)) {
        this.__resetRecord();
        return;
      }
      if (this.state.recordHasError === true) {
        this.__resetRecord();
        this.state.recordHasError = false;
        return;
      }
      this.info.records++;
      if (from === 1 || this.info.records >= from) {
        const { objname } = this.options;
        // With columns, records are object
        if (columns !== false) {
          const obj = {};
          // Transform record array to an object
          for (let i = 0, l = record.length; i < l; i++) {
            if (columns[i] === undefined || columns[i].disabled) continue;
            // Turn duplicate columns into an array
            if (
              group_columns_by_name === true &&
              Object.hasOwn(obj, columns[i].name)
            ) {
              if (Array.isArray(obj[columns[i].name])) {
                obj[columns[i].name] = obj[columns[i].name].concat(record[i]);
              } else {
                obj[columns[i].name] = [obj[columns[i].name], record[i]];
              }
            } else {
              Object.defineProperty(obj, columns[i].name, {
                value: record[i],
                enumerable: true,
                writable: true,
                configurable: true,
              });
            }
          }
          // Without objname (default)
          if (raw === true || info === true) {
            const extRecord = Object.assign(
              { record: obj },
              raw === true
                ? { raw: this.state.rawBuffer.toString(encoding) }
                : {},
              info === true ? { info: this.__infoRecord() } : {},
            );
            const err = this.__push(
              objname === undefined ? extRecord : [obj[objname], extRecord],
              push,
            );
            if (err) {
              return err;
            }
          } else {
            const err = this.__push(
              objname === undefined ? obj : [obj[objname], obj],
              push,
            );
            if (err) {
              return err;
            }
          }
          // Without columns, records are array
        } else {
          if (raw === true || info === true) {
            const extRecord = Object.assign(
              { record: record },
              raw === true
                ? { raw: this.state.rawBuffer.toString(encoding) }
                : {},
              info === true ? { info: this.__infoRecord() } : {},
            );
            const err = this.__push(
              objname === undefined ? extRecord : [record[objname], extRecord],
              push,
            );
            if (err) {
              return err;
            }
          } else {
            const err = this.__push(
              objname === undefined ? record : [record[objname], record],
              push,
            );
            if (err) {
              return err;
            }
          }
        }
      }
      this.__resetRecord();
    },
    __firstLineToColumns: function (record) {
      const { firstLineToHeaders } = this.state;
      try {
        const headers =
          firstLineToHeaders === undefined
            ? record
            : firstLineToHeaders.call(null, record);
        if (!Array.isArray(headers)) {
          return this.__error(
            new CsvError(
              "CSV_INVALID_COLUMN_MAPPING",
              [
                "Invalid Column Mapping:",
                "expect an array from column function,",
                `got ${JSON.stringify(headers)}`,
              ],
              this.options,
              this.__infoField(),
              {
                headers: headers,
              },
            ),
          );
        }
        const normalizedHeaders = normalize_columns_array(headers);
        this.state.expectedRecordLength = normalizedHeaders.length;
        this.options.columns = normalizedHeaders;
        this.__resetRecord();
        return;
      } catch (err) {
        return err;
      }
    },
    __resetRecord: function () {
      if (this.options.raw === true) {
        this.state.rawBuffer.reset();
      }
      this.state.error = undefined;
      this.state.record = [];
      this.state.record_length = 0;
    },
    __onField: function () {
      const { cast, encoding, rtrim, max_record_size } = this.options;
      const { enabled, wasQuoting } = this.state;
      // Short circuit for the from_line options
      if (enabled === false) {
        return this.__resetField();
      }
      let field = this.state.field.toString(encoding);
      if (rtrim === true && wasQuoting === false) {
        field = field.trimRight();
      }
      if (cast === true) {
        const [err, f] = this.__cast(field);
        if (err !== undefined) return err;
        field = f;
      }
      this.state.record.push(field);
      // Increment record length if record size must not exceed a limit
      if (max_record_size !== 0 && typeof field === "string") {
        this.state.record_length += field.length;
      }
      this.__resetField();
    },
    __resetField: function () {
      this.state.field.reset();
      this.state.wasQuoting = false;
    },
    __push: function (record, push) {
      const { on_record } = this.options;
      if (on_record !== undefined) {
        const info = this.__infoRecord();
        try {
          record = on_record.call(null, record, info);
        } catch (err) {
          return err;
        }
        if (record === undefined || record === null) {
          return;
        }
      }
      this.info.bytes_records += this.info.bytes;
      push(record);
    },
    // Return a tuple with the error and the casted value
    __cast: function (field) {
      const { columns, relax_column_count } = this.options;
      const isColumns = Array.isArray(columns);
      // Dont loose time calling cast
      // because the final record is an object
      // and this field can't be associated to a key present in columns
      if (
        isColumns === true &&
        relax_column_count &&
        this.options.columns.length <= this.state.record.length
      ) {
        return [undefined, undefined];
      }
      if (this.state.castField !== null) {
        try {
          const info = this.__infoField();
          return [undefined, this.state.castField.call(null, field, info)];
        } catch (err) {
          return [err];
        }
      }
      if (this.__isFloat(field)) {
        return [undefined, parseFloat(field)];
      } else if (this.options.cast_date !== false) {
        const info = this.__infoField();
        return [undefined, this.options.cast_date.call(null, field, info)];
      }
      return [undefined, field];
    },
    __compareBytes: function (sourceBuf, targetBuf, targetPos, firstByte) {
      if (sourceBuf[0] !== firstByte) return 0;
      const sourceLength = sourceBuf.length;
      for (let i = 1; i < sourceLength; i++) {
        if (sourceBuf[i] !== targetBuf[targetPos + i]) return 0;
      }
      return sourceLength;
    },
    // Helper to test if a character is trimable
    __isCharTrimable: function (buf, pos) {
      const { timchars, timcharFirstBytes } = this.state;
      // Fast bail-out: non-whitespace bytes (the common case) are rejected
      // without scanning the full timchar list.
      const first = buf[pos];
      if (first === undefined || timcharFirstBytes[first] === 0) return 0;
      loop1: for (let i = 0; i < timchars.length; i++) {
        const timchar = timchars[i];
        for (let j = 0; j < timchar.length; j++) {
          if (timchar[j] !== buf[pos + j]) continue loop1;
        }
        return timchar.length;
      }
      return 0;
    },
    __isDelimiter: function (buf, pos, chr) {
      const { delimiter, ignore_last_delimiters } = this.options;
      if (
        ignore_last_delimiters === true &&
        this.state.record.length === this.options.columns.length - 1
      ) {
        return 0;
      } else if (
        ignore_last_delimiters !== false &&
        typeof ignore_last_delimiters === "number" &&
        this.state.record.length === ignore_last_delimiters - 1
      ) {
        return 0;
      }
      loop1: for (let i = 0; i < delimiter.length; i++) {
        const del = delimiter[i];
        if (del[0] === chr) {
          for (let j = 1; j < del.length; j++) {
            if (del[j] !== buf[pos + j]) continue loop1;
          }
          return del.length;
        }
      }
      return 0;
    },
    __isEscape: function (buf, pos, chr) {
      const { escape } = this.options;
      if (escape === null) return false;
      const l = escape.length;
      if (escape[0] === chr) {
        for (let i = 0; i < l; i++) {
          if (escape[i] !== buf[pos + i]) {
            return false;
          }
        }
        return true;
      }
      return false;
    },
    __isFloat: function (value) {
      return value - parseFloat(value) + 1 >= 0; // Borrowed from jquery
    },
    // Keep it in case we implement the `cast_int` option
    // __isInt(value){
    //   // return Number.isInteger(parseInt(value))
    //   // return !isNaN( parseInt( obj ) );
    //   return /^(\-|\+)?[1-9][0-9]*$/.test(value)
    // }
    __isQuote: function (buf, pos) {
      const { quote } = this.options;
      if (quote === null) return false;
      const l = quote.length;
      for (let i = 0; i < l; i++) {
        if (quote[i] !== buf[pos + i]) {
          return false;
        }
      }
      return true;
    },
    __isRecordDelimiter: function (chr, buf, pos) {
      const { record_delimiter } = this.options;
      const recordDelimiterLength = record_delimiter.length;
      loop1: for (let i = 0; i < recordDelimiterLength; i++) {
        const rd = record_delimiter[i];
        const rdLength = rd.length;
        if (rd[0] !== chr) {
          continue;
        }
        for (let j = 1; j < rdLength; j++) {
          if (rd[j] !== buf[pos + j]) {
            continue loop1;
          }
        }
        return rd.length;
      }
      return 0;
    },
    __autoDiscoverRecordDelimiter: function (buf, pos) {
      const { encoding } = this.options;
      // Note, we don't need to cache this information in state,
      // It is only called on the first line until we find out a suitable
      // record delimiter.
      const rds = [
        // Important, the windows line ending must be before mac os 9
        Buffer.from("\r\n", encoding),
        Buffer.from("\n", encoding),
        Buffer.from("\r", encoding),
      ];
      loop: for (let i = 0; i < rds.length; i++) {
        const l = rds[i].length;
        for (let j = 0; j < l; j++) {
          if (rds[i][j] !== buf[pos + j]) {
            continue loop;
          }
        }
        this.options.record_delimiter.push(rds[i]);
        this.state.recordDelimiterMaxLength = rds[i].length;
        return rds[i].length;
      }
      return 0;
    },
    __error: function (msg) {
      const { encoding, raw, skip_records_with_error } = this.options;
      const err = typeof msg === "string" ? new Error(msg) : msg;
      if (skip_records_with_error) {
        this.state.recordHasError = true;
        if (this.options.on_skip !== undefined) {
          try {
            this.options.on_skip(
              err,
              raw ? this.state.rawBuffer.toString(encoding) : undefined,
            );
          } catch (err) {
            return err;
          }
        }
        // this.emit('skip', err, raw ? this.state.rawBuffer.toString(encoding) : undefined);
        return undefined;
      } else {
        return err;
      }
    },
    __infoDataSet: function () {
      return {
        ...this.info,
        columns: this.options.columns,
      };
    },
    __infoRecord: function () {
      const { columns, raw, encoding } = this.options;
      return {
        ...this.__infoDataSet(),
        bytes_records: this.info.bytes,
        error: this.state.error,
        header: columns === true,
        index: this.state.record.length,
        raw: raw ? this.state.rawBuffer.toString(encoding) : undefined,
      };
    },
    __infoField: function () {
      const { columns } = this.options;
      const isColumns = Array.isArray(columns);
      // Bytes records are only incremented when all records'fields are parsed
      const bytes_records = this.info.bytes_records;
      return {
        ...this.__infoRecord(),
        bytes_records: bytes_records,
        column:
          isColumns === true
            ? columns.length > this.state.record.length
              ? columns[this.state.record.length].name
              : null
            : this.state.record.length,
        quoting: this.state.wasQuoting,
      };
    },
  };
};



;// CONCATENATED MODULE: ./node_modules/csv-parse/lib/sync.js



const parse = function (data, opts = {}) {
  if (typeof data === "string") {
    data = Buffer.from(data);
  }
  const records = opts && opts.objname ? Object.create(null) : [];
  const parser = transform(opts);
  const push = (record) => {
    if (parser.options.objname === undefined) records.push(record);
    else {
      records[record[0]] = record[1];
    }
  };
  const close = () => {};
  const error = parser.parse(data, true, push, close);
  if (error !== undefined) throw error;
  return records;
};



;// CONCATENATED MODULE: ./src/data/csv.ts
/** CSV reader on csv-parse: the first record is the header; every row must have its width. */


/** First non-blank line after `line` (1-based): where the record after it starts. */
function nextRecordLine(lines, line) {
    let next = line + 1;
    while (next <= lines.length && (lines[next - 1] ?? '').trim() === '')
        next++;
    return next;
}
function parseCsv(text, file) {
    const bad = [];
    let unclosed = null;
    let rows;
    try {
        rows = parse(text, {
            info: true,
            bom: true,
            skip_empty_lines: true,
            relax_column_count: false,
            skip_records_with_error: true,
            on_skip: (error) => {
                if (!error)
                    return;
                // An unclosed quote swallows every later line: never skippable.
                if (error.code === 'CSV_QUOTE_NOT_CLOSED')
                    unclosed = error;
                else
                    bad.push({ file, line: error.lines ?? 0, reason: `malformed CSV row (${describe(error)})` });
            }
        });
    }
    catch (error) {
        const e = error;
        throw new DataError(`${file}:${e.lines ?? 1}: malformed CSV (${describe(e)})`);
    }
    if (unclosed) {
        const start = nextRecordLine(text.split('\n'), rows[rows.length - 1]?.info.lines ?? 0);
        throw new DataError(`${file}:${start}: malformed CSV row (a quoted field opened here is never closed)`);
    }
    const first = rows[0];
    if (!first)
        return { records: [], bad, header: [] };
    const header = first.record.map((h) => h.trim());
    header.forEach((name, i) => {
        if (name === '')
            throw new DataError(`${file}:1: CSV header column ${i + 1} is empty; expected a column name`);
        if (header.indexOf(name) !== i)
            throw new DataError(`${file}:1: CSV header names column ${JSON.stringify(name)} twice; expected unique column names`);
    });
    const records = rows.slice(1).map(({ record, info }) => ({
        line: info.lines,
        values: Object.fromEntries(header.map((name, i) => [name, record[i]]))
    }));
    return { records, bad, header };
}
function describe(e) {
    const first = (e.message ?? String(e)).split('\n')[0] ?? '';
    return first.replace(/^Invalid (Record Length|Opening Quote|Closing Quote): /, '').replace(/\s+$/, '');
}

;// CONCATENATED MODULE: ./src/data/decode.ts
/** Strict UTF-8 decoding that reports where the first invalid byte sits. */

const fatal = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
/** Offset of the first byte that does not start or continue a valid UTF-8 sequence, or -1. */
function firstInvalidUtf8(bytes) {
    let i = 0;
    while (i < bytes.length) {
        const b = bytes[i];
        if (b < 0x80) {
            i++;
            continue;
        }
        let need;
        let min;
        if (b >= 0xc2 && b <= 0xdf)
            [need, min] = [1, 0x80];
        else if (b >= 0xe0 && b <= 0xef)
            [need, min] = [2, 0x800];
        else if (b >= 0xf0 && b <= 0xf4)
            [need, min] = [3, 0x10000];
        else
            return i;
        let cp = b & (0x3f >> need);
        for (let k = 1; k <= need; k++) {
            const c = bytes[i + k];
            if (c === undefined || (c & 0xc0) !== 0x80)
                return i;
            cp = (cp << 6) | (c & 0x3f);
        }
        if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
            return i;
        i += need + 1;
    }
    return -1;
}
/** Decode a data file; strips a leading byte-order mark; invalid UTF-8 is a `file:line:column` error. */
function decodeUtf8(bytes, file) {
    try {
        const text = fatal.decode(bytes);
        return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    }
    catch {
        const at = firstInvalidUtf8(bytes);
        let line = 1;
        let lineStart = 0;
        for (let i = 0; i < at; i++) {
            if (bytes[i] === 0x0a) {
                line++;
                lineStart = i + 1;
            }
        }
        throw new DataError(`${file}:${line}:${at - lineStart + 1}: invalid UTF-8 (byte 0x${(bytes[at] ?? 0).toString(16).padStart(2, '0')}); expected UTF-8 text`);
    }
}

;// CONCATENATED MODULE: ./src/data/example.ts
const UNKNOWN_LANGUAGE = 'unknown';
/** The text a model sees for an input, or a canonical rendering of features. */
function inputKey(input) {
    return input.kind === 'text' ? input.text : JSON.stringify(input.values);
}

;// CONCATENATED MODULE: ./src/data/jsonl.ts
/** JSON Lines reader: one object per line; blank lines and CRLF line ends are accepted. */

function parseJsonl(text, file) {
    const records = [];
    const bad = [];
    const lines = text.split('\n');
    lines.forEach((raw, index) => {
        const line = index + 1;
        const content = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
        if (content.trim() === '')
            return;
        let value;
        try {
            value = JSON.parse(content);
        }
        catch (error) {
            bad.push({ file, line, reason: `malformed JSON (${error.message}); expected one JSON object per line` });
            return;
        }
        if (value === null || typeof value !== 'object' || Array.isArray(value)) {
            bad.push({ file, line, reason: `expected a JSON object, found ${describeFound(value)}` });
            return;
        }
        records.push({ line, values: value });
    });
    return { records, bad, header: null };
}

;// CONCATENATED MODULE: ./src/data/dataset.ts
/**
 * Load the training file and the evaluation splits into frozen examples (SPEC §4):
 * column mapping, strict row checks, digests, the label set and the train/evaluation overlap.
 */










/** The documented label digest: SHA-256 of this JSON list of [split, id, label] triples. */
const LABEL_DIGEST_DEFINITION = 'sha256 of the compact JSON list [[split, id, label], ...]: train first, then the evaluation splits in config order, ids in code-point order within each split';
function parseFile(ref) {
    let bytes;
    try {
        bytes = (0,external_node_fs_.readFileSync)(ref.absolute);
    }
    catch (error) {
        throw new DataError(`${ref.path}: cannot read (${error.code ?? error.message}); expected a readable file`);
    }
    const ext = (0,external_node_path_namespaceObject.extname)(ref.path).toLowerCase();
    const format = ext === '.csv' ? 'csv' : ext === '.jsonl' || ext === '.ndjson' ? 'jsonl' : null;
    if (!format)
        throw new DataError(`${ref.path}: unsupported extension ${JSON.stringify(ext || '(none)')}; expected .jsonl or .csv`);
    const text = decodeUtf8(bytes, ref.path);
    if (text.trim() === '')
        throw new DataError(`${ref.path}:1: empty file; expected at least one row`);
    const parsed = format === 'csv' ? parseCsv(text, ref.path) : parseJsonl(text, ref.path);
    return { parsed, info: { path: ref.path, format, sha256: sha256Hex(bytes), bytes: bytes.length } };
}
class RowProblem extends Error {
    column;
    /** 1-based column of the offending value, where the format has columns (CSV). */
    constructor(message, column = null) {
        super(message);
        this.column = column;
    }
}
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
/** A numeric feature: a finite JSON number, or a CSV cell holding a decimal number. */
function featureValue(value, column) {
    const n = typeof value === 'number' ? value : typeof value === 'string' && NUMBER.test(value.trim()) ? Number(value) : NaN;
    if (!Number.isFinite(n))
        throw new RowProblem(`column ${JSON.stringify(column)}: expected a finite number, found ${describeFound(value)}`, column);
    return n;
}
/**
 * Strings stay strings; numbers become their decimal text; anything else is refused. A whole
 * number beyond 2^53 has already lost digits in the JSON reader, so it is refused rather than
 * risking two ids collapsing into one.
 */
function asString(value, column) {
    if (typeof value === 'string')
        return value;
    if (typeof value === 'number' && Number.isFinite(value)) {
        if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
            throw new RowProblem(`column ${JSON.stringify(column)}: a whole number beyond 2^53 cannot be read exactly; expected a string (quote the value in the file)`);
        }
        return String(value);
    }
    return null;
}
function toExample(values, columns, split, file, line) {
    const need = (key) => {
        const column = columns[key];
        if (!(column in values))
            throw new RowProblem(`missing required column ${JSON.stringify(column)} (${key})`);
        const v = asString(values[column], column);
        if (v === null)
            throw new RowProblem(`column ${JSON.stringify(column)} (${key}): expected a string or number, found ${describeFound(values[column])}`);
        if (v.trim() === '')
            throw new RowProblem(`column ${JSON.stringify(column)} (${key}): expected a non-empty value, found ${JSON.stringify(v)}`);
        return v;
    };
    const id = need('id');
    const label = need('label');
    const optional = (column) => {
        const v = values[column];
        if (v === undefined || v === null || v === '')
            return null;
        const s = asString(v, column);
        if (s === null)
            throw new RowProblem(`column ${JSON.stringify(column)}: expected a string, found ${describeFound(v)}`);
        return s;
    };
    const common = { id, split, label, language: optional(columns.language) ?? UNKNOWN_LANGUAGE, domain: optional(columns.domain), file, line };
    if (columns.features.length > 0) {
        const features = {};
        for (const name of columns.features) {
            if (!(name in values))
                throw new RowProblem(`missing required feature column ${JSON.stringify(name)}`);
            features[name] = featureValue(values[name], name);
        }
        return { ...common, input: { kind: 'features', values: features } };
    }
    if (!(columns.text in values))
        throw new RowProblem(`missing required column ${JSON.stringify(columns.text)} (text)`);
    const text = values[columns.text];
    if (typeof text !== 'string')
        throw new RowProblem(`column ${JSON.stringify(columns.text)} (text): expected a string, found ${describeFound(text)}`);
    if (text.trim() === '')
        throw new RowProblem(`column ${JSON.stringify(columns.text)} (text): expected non-empty text, found ${JSON.stringify(text)}`);
    return { ...common, input: { kind: 'text', text } };
}
function loadDataset(plan) {
    const skipped = [];
    const files = [];
    const reject = (row) => {
        if (plan.onBadRow === 'skip')
            skipped.push(row);
        else
            throw new DataError(`${row.file}:${row.at ?? row.line}: ${row.reason}`);
    };
    const readSplit = (split, ref, seen) => {
        const { parsed, info } = parseFile(ref);
        const before = skipped.length;
        parsed.bad.forEach(reject);
        const header = parsed.header;
        if (header) {
            const required = plan.columns.features.length > 0 ? [['id', plan.columns.id], ['label', plan.columns.label], ...plan.columns.features.map((f) => ['feature', f])] : ['id', 'text', 'label'].map((k) => [k, plan.columns[k]]);
            for (const [key, column] of required) {
                if (!header.includes(column)) {
                    throw new DataError(`${ref.path}:1: missing required column ${JSON.stringify(column)} (${key}); found columns ${header.join(', ')}`);
                }
            }
        }
        // CSV errors name the column by its 1-based position in the header.
        const where = (line, column) => (header && column !== null ? `${line}:${header.indexOf(column) + 1}` : undefined);
        const examples = [];
        for (const record of parsed.records) {
            let example;
            try {
                example = toExample(record.values, plan.columns, split, ref.path, record.line);
            }
            catch (error) {
                if (!(error instanceof RowProblem))
                    throw error;
                reject({ file: ref.path, line: record.line, reason: error.message, at: where(record.line, error.column) });
                continue;
            }
            const earlier = seen.get(example.id);
            if (earlier !== undefined) {
                reject({ file: ref.path, line: record.line, reason: `duplicate id ${JSON.stringify(example.id)}; expected unique ids, first seen at ${earlier}` });
                continue;
            }
            seen.set(example.id, `${ref.path}:${record.line}`);
            examples.push(example);
        }
        if (examples.length === 0)
            throw new DataError(`${ref.path}:1: no usable rows; expected at least one row`);
        files.push({ split, ...info, rows: examples.length, skipped: skipped.length - before });
        return examples;
    };
    const train = readSplit('train', plan.train, new Map());
    const labels = sortCodePoints(new Set(train.map((e) => e.label)));
    if (labels.length < 2) {
        throw new DataError(`${plan.train.path}: training data has ${labels.length} label; expected at least two labels to classify`);
    }
    const known = new Set(labels);
    const evalIds = new Map();
    const splits = plan.evaluate.map(({ split, file }) => {
        const examples = readSplit(split, file, evalIds).filter((e) => {
            if (known.has(e.label))
                return true;
            reject({ file: e.file, line: e.line, reason: `label ${JSON.stringify(e.label)} never occurs in the training data; expected one of ${labels.join(', ')}` });
            return false;
        });
        const info = files[files.length - 1];
        if (info)
            info.rows = examples.length;
        if (examples.length === 0)
            throw new DataError(`${file.path}:1: no usable rows; expected at least one row`);
        return { split, examples: examples.sort((a, b) => compareCodePoints(a.id, b.id)) };
    });
    if (plan.onBadRow === 'skip') {
        for (const info of files)
            info.skipped = skipped.filter((s) => s.file === info.path).length;
    }
    const languages = sortCodePoints(new Set(splits.flatMap((s) => s.examples.map((e) => e.language))));
    const sortedTrain = [...train].sort((a, b) => compareCodePoints(a.id, b.id));
    const triples = [...sortedTrain, ...splits.flatMap((s) => s.examples)].map((e) => [e.split, e.id, e.label]);
    // Exact overlap of inputs: the same text, or the same feature vector.
    const trainInputs = new Set(train.map((e) => inputKey(e.input)));
    const overlap = splits.map(({ split, examples }) => {
        const ids = examples.filter((e) => trainInputs.has(inputKey(e.input))).map((e) => e.id);
        return { split, count: ids.length, ids };
    });
    return {
        train,
        splits,
        labels,
        languages,
        files,
        labelDigest: sha256Hex(stableJson(triples)),
        skipped,
        overlap
    };
}

;// CONCATENATED MODULE: ./src/config/against-data.ts

function checkPlanAgainstData(plan, dataset) {
    const labels = new Set(dataset.labels);
    plan.threatModel.protectedTransitions.forEach((t, i) => {
        for (const side of ['from', 'to']) {
            if (!labels.has(t[side])) {
                throw configError(plan.source, ['threat_model', 'protected_transitions', i, side], `expected a label of the training data (${dataset.labels.join(', ')}), found ${JSON.stringify(t[side])}`);
            }
        }
    });
    const append = plan.threatModel.attacks.append;
    if (append) {
        const missing = dataset.languages.filter((l) => !(l in append.sentences));
        if (missing.length > 0) {
            throw configError(plan.source, ['threat_model', 'attacks', 'append', 'sentences'], `expected a sentence for every language slice of the evaluation data (${dataset.languages.join(', ')}), found none for ${missing.join(', ')}`, true);
        }
    }
}

;// CONCATENATED MODULE: ./src/evaluate/conditions.ts
function cleanCandidate(example) {
    return { condition: 'clean', input: example.input, perturbedText: null, attempted: true, changed: false, valid: null, invalidReason: null, labelPreserving: true };
}
/** Conditions evaluated for a set of family runners, in SPEC §6 order. */
function conditionsFor(runners) {
    return ['clean', ...runners.map((r) => r.family)];
}
function candidatesFor(example, runners) {
    const list = [cleanCandidate(example)];
    if (example.input.kind !== 'text')
        return list;
    const original = example.input.text;
    for (const runner of runners) {
        const outcome = runner.perturb({ id: example.id, text: original, language: example.language });
        const changed = outcome.text !== original;
        list.push({
            condition: runner.family,
            input: changed ? { kind: 'text', text: outcome.text } : example.input,
            perturbedText: outcome.text,
            attempted: outcome.attempted,
            changed,
            // No candidate exists when the family could not act: valid is then null, as on clean rows.
            valid: outcome.attempted ? outcome.valid : null,
            invalidReason: outcome.attempted ? outcome.invalidReason : null,
            labelPreserving: runner.labelPreserving
        });
    }
    return list;
}

;// CONCATENATED MODULE: ./src/models/model.ts
/** The decision of an `ok` result: argmax of the scores, or the label of a label-only model (no margin). */
function decisionOf(labels, result) {
    if (result.status !== 'ok')
        return null;
    return result.scores === null ? { prediction: result.label, margin: null } : decide(labels, result.scores);
}
/** Argmax with ties to the first label; margin = top − second (SPEC §5). */
function decide(labels, scores) {
    let best = 0;
    for (let i = 1; i < scores.length; i++)
        if (scores[i] > scores[best])
            best = i;
    let second = -Infinity;
    for (let i = 0; i < scores.length; i++)
        if (i !== best && scores[i] > second)
            second = scores[i];
    return { prediction: labels[best], margin: scores[best] - second };
}

;// CONCATENATED MODULE: ./src/evidence/ledger.ts
function isProtected(transitions, from, to) {
    return to !== null && transitions.some((t) => t.from === from && t.to === to);
}
function ledgerMasks(m) {
    const inScope = m.cleanOk && (m.objective === 'untargeted' || m.transitions.some((t) => t.from === m.gold));
    const eligible = inScope && m.cleanPrediction === m.gold;
    const tested = eligible && m.attempted && m.changed && m.valid && m.rowOk;
    const wrong = m.objective === 'untargeted' ? m.prediction !== m.gold : isProtected(m.transitions, m.gold, m.prediction);
    const success = tested && wrong;
    const uncovered = eligible && !tested;
    let reason = null;
    if (uncovered) {
        if (!m.attempted)
            reason = 'no_dictionary';
        else if (!m.changed)
            reason = 'unchanged';
        else if (!m.valid)
            reason = 'invalid';
        else
            reason = 'missing';
    }
    return { in_scope: inScope, eligible, tested, success, uncovered, uncovered_reason: reason };
}

;// CONCATENATED MODULE: ./src/evidence/build-row.ts


function evidenceRow(f) {
    const cleanDecision = decisionOf(f.labels, f.clean);
    const decision = decisionOf(f.labels, f.result);
    const c = f.candidate;
    const masks = f.masked && c
        ? ledgerMasks({
            objective: f.objective,
            transitions: f.transitions,
            gold: f.example.label,
            cleanOk: f.clean.status === 'ok',
            cleanPrediction: cleanDecision?.prediction ?? null,
            attempted: c.attempted,
            changed: c.changed,
            valid: c.valid === true,
            rowOk: f.result.status === 'ok',
            prediction: decision?.prediction ?? null
        })
        : null;
    return {
        id: f.example.id,
        split: f.example.split,
        model: f.model,
        condition: f.condition,
        language: f.example.language,
        domain: f.example.domain,
        text: f.text,
        perturbed_text: f.perturbedText,
        label: f.example.label,
        clean_prediction: cleanDecision?.prediction ?? null,
        prediction: decision?.prediction ?? null,
        scores: f.result.status === 'ok' ? f.result.scores : null,
        margin: decision?.margin ?? null,
        clean_margin: cleanDecision?.margin ?? null,
        changed: c?.changed ?? false,
        valid: c?.valid ?? null,
        invalid_reason: c?.invalidReason ?? null,
        eligible: masks?.eligible ?? null,
        tested: masks?.tested ?? null,
        success: masks?.success ?? null,
        uncovered: masks?.uncovered ?? null,
        uncovered_reason: masks?.uncovered_reason ?? null,
        status: f.result.status,
        error: f.result.status === 'ok' ? null : f.result.error
    };
}

;// CONCATENATED MODULE: ./src/tabular/clip.ts
/** Projection onto one feature's inclusive bounds (either may be ±Infinity). */
function clip(value, lower, upper) {
    return Math.min(upper, Math.max(lower, value));
}

;// CONCATENATED MODULE: ./src/tabular/validity.ts
/** Absolute slack on the per-feature budget: |Δ| ≤ eps + VALIDITY_TOLERANCE. */
const VALIDITY_TOLERANCE = 1e-6;
/** The rule as it is recorded in the manifest. */
const VALIDITY_RULE = 'every value finite, inside its feature bounds (inclusive), |candidate − original| ≤ eps + 1e-6 per feature, and features that are not editable unchanged';
/** Null when `candidate` satisfies the rule for `original` in `space`, otherwise the first reason. */
function validateCandidate(original, candidate, space) {
    const n = space.names.length;
    if (candidate.length !== original.length || original.length !== n) {
        return `the candidate has ${candidate.length} values and the original ${original.length}; the feature space has ${n} features`;
    }
    const name = (i) => space.names[i] ?? `#${i}`;
    for (let i = 0; i < n; i++) {
        const v = candidate[i];
        if (!Number.isFinite(v))
            return `feature ${name(i)} is not finite (${String(v)})`;
    }
    for (let i = 0; i < n; i++) {
        const v = original[i];
        if (!Number.isFinite(v))
            return `the original value of feature ${name(i)} is not finite (${String(v)})`;
    }
    for (let i = 0; i < n; i++) {
        const v = candidate[i];
        const lo = space.lower[i] ?? -Infinity;
        const hi = space.upper[i] ?? Infinity;
        if (!(v >= lo && v <= hi))
            return `feature ${name(i)} = ${String(v)} is outside [${String(lo)}, ${String(hi)}]`;
    }
    const limit = space.eps + VALIDITY_TOLERANCE;
    for (let i = 0; i < n; i++) {
        const moved = Math.abs(candidate[i] - original[i]);
        if (!(moved <= limit))
            return `feature ${name(i)} moved ${formatDelta(moved, limit)}, more than eps ${String(space.eps)}`;
    }
    for (let i = 0; i < n; i++) {
        if (space.editable[i] !== true && candidate[i] !== original[i])
            return `feature ${name(i)} is not editable but changed`;
    }
    return null;
}
/**
 * A difference of two floats, readable: 12 significant digits (0.07, not 0.06999999999999995),
 * unless that rounding would make an over-budget move look within budget.
 */
function formatDelta(moved, limit) {
    const short = Number(moved.toPrecision(12));
    return short > limit ? String(short) : String(moved);
}

;// CONCATENATED MODULE: ./src/tabular/fgm.ts
/**
 * `fgm` (SPEC §13): one untargeted white-box fast-gradient-sign step of size eps, projected
 * onto the feature bounds, on rows the model classifies correctly.
 *
 *   1. ŷ = model.predict(x). If ŷ ≠ gold the row is not attacked: the candidate is x itself,
 *      attempted = false (an initially wrong row can never be a new attack success).
 *   2. g = model.inputGradient(x, ŷ) — the label is the model's own prediction, as ART's
 *      FastGradientMethod does with y = None.
 *   3. x'ᵢ = clip(xᵢ + eps·sign(gᵢ), lowerᵢ, upperᵢ) for editable i (sign(0) = 0, so a
 *      zero-gradient feature stays put); other features are copied.
 *   4. model.predict(x') — the post-step success check (as ART's FGM does after its step).
 *   5. The validity rule decides `valid` / `invalidReason` (for unattacked rows too).
 *
 * Work counters (FGM_COUNTING): per ATTACKED row one gradient evaluation (step 2) and two
 * prediction evaluations (steps 1 and 4). The step-1 prediction on a row that turns out to
 * be wrong is eligibility scoring — clean scoring, not attack generation — and is not
 * counted; neither is any later scoring or reporting of the candidate by the caller. This is
 * the seed's accounting: 959 attacked rows → 959 gradient and 1,918 prediction evaluations.
 */


const FGM_FAMILY = 'fgm';
const FGM_COUNTING = 'per attacked (initially correct) row: 1 gradient evaluation (the step) and 2 prediction evaluations (the label ŷ, as ART with y=None, and the post-step check); initially wrong rows, clean scoring and reporting are not counted';
/**
 * Why the step is exact for a binary linear model. The true-class logit (±(w·x + b), signed
 * for the predicted class) is linear in x, so over a product of intervals it is minimised
 * coordinate by coordinate: each editable feature goes to the end of its feasible interval
 * [max(lowerᵢ, xᵢ − eps), min(upperᵢ, xᵢ + eps)] that lowers the logit, i.e. in the direction
 * −sign(wᵢ) for the predicted class. The cross-entropy gradient is a positive multiple of
 * that direction's negative, so xᵢ + eps·sign(gᵢ) points the same way, and clipping it to
 * the bounds lands on exactly that end: the box ∩ L∞ ball is the product of those intervals.
 * A zero weight leaves the logit flat in that feature (any value is optimal; the step keeps
 * xᵢ). Conditions: x inside its bounds (otherwise the feasible set can be empty) and a
 * gradient that has not underflowed to zero (a probability that rounds to exactly 1). With
 * more than two labels, or a non-linear model, one sign step is a heuristic, not the worst case.
 */
const FGM_EXACTNESS_NOTE = 'for a binary linear model the projected one-step FGM point is the exact worst case in the box ∩ L∞ ball: the logit is linear in x and the feasible set is a product of intervals, so each editable feature independently moves to the end of its interval that lowers the true-class logit, which is where the clipped sign step lands';
/** True only for binary linear models, where the projected sign step is the exact worst case. */
function fgmIsExact(labelCount, linear) {
    return linear && labelCount === 2;
}
/** The projected sign step: clip(xᵢ + eps·sign(gᵢ)) on editable features, others copied. */
function signStep(x, gradient, space) {
    return x.map((xi, i) => {
        if (space.editable[i] !== true)
            return xi;
        const direction = Math.sign(gradient[i] ?? NaN);
        if (direction === 0)
            return xi;
        return clip(xi + space.eps * direction, space.lower[i] ?? -Infinity, space.upper[i] ?? Infinity);
    });
}
/** The `fgm` candidate for one row; adds its work to `counters`. */
function fgmCandidate(x, gold, model, space, counters) {
    const predicted = model.predict(x);
    if (predicted !== gold) {
        const values = [...x];
        const reason = validateCandidate(x, values, space);
        return { values, attempted: false, valid: reason === null, invalidReason: reason };
    }
    counters.predictionEvaluations += 1;
    const gradient = model.inputGradient(x, predicted);
    counters.gradientEvaluations += 1;
    const values = signStep(x, gradient, space);
    model.predict(values);
    counters.predictionEvaluations += 1;
    const reason = validateCandidate(x, values, space);
    return { values, attempted: true, valid: reason === null, invalidReason: reason };
}

;// CONCATENATED MODULE: ./src/perturb/decision.ts
/**
 * The single source of randomness for perturbations. A choice is a pure function of
 * (seed, family, example id, position): hashing those four values, and nothing else,
 * keeps every candidate independent of row order and of the other rows in the data.
 */

const TWO_TO_32 = 4294967296;
// `crypto.hash` (Node ≥ 20.12) is several times cheaper than createHash for short inputs.
const oneShot = external_node_crypto_.hash;
function decision_sha256Hex(text) {
    return oneShot ? oneShot('sha256', text, 'hex') : external_node_crypto_.createHash('sha256').update(text, 'utf8').digest('hex');
}
/**
 * A number in [0, 1): the first four bytes (big-endian unsigned) of
 * SHA-256(UTF-8 of `${seed}\0${family}\0${id}\0${position}`), divided by 2^32.
 * `position` names the choice inside the row, e.g. a word index or `"3:swap"`.
 */
function decision_decide(seed, family, id, position) {
    return parseInt(decision_sha256Hex(`${seed}\u0000${family}\u0000${id}\u0000${position}`).slice(0, 8), 16) / TWO_TO_32;
}

;// CONCATENATED MODULE: ./src/tabular/noise.ts
/**
 * `noise` (SPEC §13): the non-adversarial corruption baseline. Every row gets it, correct or
 * not, and the result is reported as a conditional error-induction rate, never as attack
 * success.
 *
 * For each editable feature i: x'ᵢ = clip(xᵢ + eps·(2u − 1), lowerᵢ, upperᵢ) with
 * u = decide(seed, 'noise', id, i) ∈ [0, 1), so the offset is uniform on [−eps, eps) and the
 * candidate depends only on (seed, id, feature index, xᵢ) — never on row order or other rows.
 * Features that are not editable are copied. No model is consulted (no work counted).
 */



const NOISE_FAMILY = 'noise';
const NOISE_METHOD = 'every row, every editable feature: x + eps·(2u − 1) with u = decide(seed, "noise", id, feature index), clipped to the feature bounds; other features unchanged';
/** The `noise` candidate for row `id`; always attempted, then checked against the validity rule. */
function noiseCandidate(id, x, space, seed) {
    const values = x.map((xi, i) => {
        if (space.editable[i] !== true)
            return xi;
        const u = decision_decide(seed, NOISE_FAMILY, id, i);
        return clip(xi + space.eps * (2 * u - 1), space.lower[i] ?? -Infinity, space.upper[i] ?? Infinity);
    });
    const reason = validateCandidate(x, values, space);
    return { values, attempted: true, valid: reason === null, invalidReason: reason };
}

;// CONCATENATED MODULE: ./src/evaluate/score-cache.ts
/**
 * Scores each distinct input once per model, in fixed-size batches, whatever the number of
 * examples and conditions that share it.
 */

async function scoreDistinct(model, inputs, batchSize = model.batchSize ?? 512) {
    const pending = new Map();
    for (const input of inputs) {
        const key = inputKey(input);
        if (!pending.has(key))
            pending.set(key, input);
    }
    const keys = [...pending.keys()];
    const cache = new Map();
    let modelCalls = 0;
    const step = Number.isFinite(batchSize) && batchSize > 0 ? batchSize : Math.max(keys.length, 1);
    for (let start = 0; start < keys.length; start += step) {
        const batchKeys = keys.slice(start, start + step);
        const results = await model.score(batchKeys.map((k) => pending.get(k)));
        modelCalls++;
        if (results.length !== batchKeys.length) {
            throw new Error(`model ${model.name} returned ${results.length} results for ${batchKeys.length} inputs`);
        }
        batchKeys.forEach((k, i) => cache.set(k, checked(results[i], model.labels.length)));
    }
    return { cache, counters: { distinctInputs: keys.length, modelCalls } };
}
/** A score vector of the wrong width or with a non-finite value is a missing row, not a crash. */
function checked(result, width) {
    if (result.status !== 'ok' || result.scores === null)
        return result;
    if (result.scores.length !== width)
        return { status: 'error', error: `expected ${width} scores, found ${result.scores.length}` };
    if (result.scores.some((s) => !Number.isFinite(s)))
        return { status: 'error', error: 'non-finite score' };
    return result;
}

;// CONCATENATED MODULE: ./src/evaluate/tabular.ts




function featureSpace(plan) {
    const names = plan.data.columns.features;
    const tab = plan.threatModel.tabular;
    const bound = (name, side) => tab?.bounds[name]?.[side] ?? (side === 0 ? -Infinity : Infinity);
    return {
        names,
        editable: names.map((n) => tab?.editable.includes(n) ?? false),
        lower: names.map((n) => bound(n, 0)),
        upper: names.map((n) => bound(n, 1)),
        eps: tab?.eps ?? 0
    };
}
function tabularConditions(plan) {
    const a = plan.threatModel.attacks;
    return ['clean', ...(a.noise ? ['noise'] : []), ...(a.fgm ? ['fgm'] : [])];
}
function vector(example, names) {
    if (example.input.kind !== 'features')
        throw new Error(`example ${example.id} has no features`);
    const values = example.input.values;
    return names.map((n) => values[n]);
}
function asRecord(names, x) {
    return Object.fromEntries(names.map((n, i) => [n, x[i]]));
}
function isDifferentiable(model) {
    return typeof model.inputGradient === 'function' && typeof model.predict === 'function';
}
async function evaluateTabular(plan, dataset, models, sink) {
    const space = featureSpace(plan);
    const conditions = tabularConditions(plan);
    const tm = plan.threatModel;
    const examples = dataset.splits.flatMap((s) => s.examples);
    const clean = new Map(examples.map((e) => [e, vector(e, space.names)]));
    const noise = new Map();
    if (conditions.includes('noise'))
        for (const e of examples)
            noise.set(e, noiseCandidate(e.id, clean.get(e), space, plan.statistics.seed));
    const all = [];
    const perModel = [];
    for (const model of models) {
        const attack = { gradientEvaluations: 0, predictionEvaluations: 0 };
        const fgm = new Map();
        if (conditions.includes('fgm')) {
            if (!isDifferentiable(model))
                throw new Error(`model ${model.name} exposes no gradient for fgm`);
            for (const e of examples)
                fgm.set(e, fgmCandidate(clean.get(e), e.label, model, space, attack));
        }
        const inputs = examples.flatMap((e) => [clean.get(e), noise.get(e)?.values, fgm.get(e)?.values].filter((x) => x !== undefined));
        const { cache, counters } = await scoreDistinct(model, inputs.map((x) => ({ kind: 'features', values: asRecord(space.names, x) })));
        perModel.push({ fgm, cache });
        all.push({ model: model.name, predictions: 0, ...counters, ...attack });
    }
    const exact = fgmIsExact(dataset.labels.length, models.every((m) => m.describe().kind === 'logistic-regression'));
    for (const example of examples) {
        const x = clean.get(example);
        for (const [m, model] of models.entries()) {
            const { fgm, cache } = perModel[m];
            const score = (v) => cache.get(JSON.stringify(asRecord(space.names, v)));
            const cleanResult = score(x);
            for (const condition of conditions) {
                const candidate = condition === 'noise' ? noise.get(example) : condition === 'fgm' ? fgm.get(example) : undefined;
                const values = candidate?.values ?? x;
                const changed = candidate !== undefined && values.some((v, i) => v !== x[i]);
                all[m].predictions++;
                const row = evidenceRow({
                    example,
                    model: model.name,
                    labels: model.labels,
                    condition,
                    clean: cleanResult,
                    result: score(values),
                    candidate: candidate
                        ? { attempted: candidate.attempted, changed, valid: candidate.attempted ? candidate.valid : null, invalidReason: candidate.attempted ? candidate.invalidReason : null }
                        : null,
                    // FGM is the attack; noise is a corruption baseline without ledger masks.
                    masked: condition === 'fgm',
                    objective: tm.objective,
                    transitions: tm.protectedTransitions,
                    text: null,
                    perturbedText: null
                });
                await sink({ ...row, features: asRecord(space.names, x), perturbed_features: candidate ? asRecord(space.names, values) : null, exact: condition === 'fgm' ? exact : null });
            }
        }
    }
    return all;
}

;// CONCATENATED MODULE: ./src/perturb/outcome.ts
/**
 * An attempted outcome: an unchanged candidate is valid without a check; otherwise
 * `check` (the family's validity rule) decides and its reason is kept.
 */
function checkedOutcome(original, candidate, check) {
    const reason = candidate === original ? null : check();
    return { text: candidate, attempted: true, notAttemptedReason: null, valid: reason === null, invalidReason: reason };
}
/** Splice non-overlapping edits (UTF-16 ranges) into `text`. */
function applyEdits(text, edits) {
    if (edits.length === 0)
        return text;
    const sorted = [...edits].sort((a, b) => a.start - b.start);
    let out = '';
    let at = 0;
    for (const edit of sorted) {
        out += text.slice(at, edit.start) + edit.replacement;
        at = edit.end;
    }
    return out + text.slice(at);
}
/** A rule text with the edit-ratio bound appended when one is set. */
function withRatio(rule, max) {
    return max === null ? rule : `${rule}; and Levenshtein distance ÷ original length (code points) ≤ ${max}`;
}

;// CONCATENATED MODULE: ./src/perturb/append.ts

const APPEND_RULE = 'the original text is an exact prefix and the rest is one space followed by one of the configured sentences';
/** The `append` candidate; throws when `language` has no sentence. */
function appendCandidate(text, language, sentences) {
    if (!Object.hasOwn(sentences, language)) {
        throw new Error(`append: no sentence configured for language ${JSON.stringify(language)} (the config should have been rejected)`);
    }
    return `${text} ${sentences[language]}`;
}
/** Null when `candidate` is a valid `append` edit of `original`, otherwise why not. */
function appendViolation(original, candidate, sentences) {
    if (!candidate.startsWith(original))
        return 'the original text is not an exact prefix of the candidate';
    const suffix = candidate.slice(original.length);
    if (!suffix.startsWith(' '))
        return `the appended text ${JSON.stringify(suffix)} does not start with one space`;
    const sentence = suffix.slice(1);
    if (!Object.values(sentences).includes(sentence))
        return `the appended text ${JSON.stringify(sentence)} is not a configured sentence`;
    return null;
}
function appendFamily(params) {
    const sentences = { ...params.sentences };
    return {
        family: 'append',
        labelPreserving: true,
        validityRule: APPEND_RULE,
        parameters: { sentences: { ...sentences } },
        perturb(input) {
            const candidate = appendCandidate(input.text, input.language, sentences);
            return checkedOutcome(input.text, candidate, () => appendViolation(input.text, candidate, sentences));
        }
    };
}

;// CONCATENATED MODULE: ./src/perturb/levenshtein.ts
/**
 * Levenshtein distance over code points (as Python's strings count them), the measure
 * behind `max_char_edit_ratio` (SPEC §6): insertions, deletions and substitutions of
 * single code points, each costing 1.
 */

function codePoints(s) {
    const out = [];
    for (const ch of s)
        out.push(ch.codePointAt(0));
    return out;
}
/**
 * Edit distance between `a` and `b` in code points. The shared prefix and suffix are
 * skipped first; the rest runs Myers' bit-vector form of the classic dynamic programme
 * (one DP column as 32-bit blocks of +1/−1 deltas over the shorter remainder): the same
 * O(n·m) table, 32 cells per operation, memory proportional to the shorter remainder.
 */
function levenshtein(a, b) {
    if (a === b)
        return 0;
    return distance(codePoints(a), codePoints(b));
}
function distance(x, y) {
    let lo = 0;
    while (lo < x.length && lo < y.length && x[lo] === y[lo])
        lo++;
    let hiX = x.length;
    let hiY = y.length;
    while (hiX > lo && hiY > lo && x[hiX - 1] === y[hiY - 1]) {
        hiX--;
        hiY--;
    }
    const lengthX = hiX - lo;
    const lengthY = hiY - lo;
    if (lengthX === 0)
        return lengthY;
    if (lengthY === 0)
        return lengthX;
    // The shorter remainder is the "pattern" along the DP column.
    return lengthX <= lengthY ? bitVectorDistance(x, lo, hiX, y, lo, hiY) : bitVectorDistance(y, lo, hiY, x, lo, hiX);
}
/**
 * A cheap upper bound on the distance: substitute every mismatch of the two texts laid
 * side by side from the start (or from the end, whichever is fewer), then insert or delete
 * the length difference.
 */
function upperBound(x, y) {
    const n = Math.min(x.length, y.length);
    let fromStart = 0;
    let fromEnd = 0;
    for (let i = 0; i < n; i++) {
        if (x[i] !== y[i])
            fromStart++;
        if (x[x.length - 1 - i] !== y[y.length - 1 - i])
            fromEnd++;
    }
    return Math.min(fromStart, fromEnd) + Math.abs(x.length - y.length);
}
/**
 * Distance between p[pFrom, pTo) and t[tFrom, tTo) (both non-empty). Column j of the DP
 * table D[i][j] is kept as vertical deltas D[i][j] − D[i−1][j] ∈ {−1, 0, +1}, bit i of
 * `plus`/`minus`, in blocks of 32 rows; each block passes its bottom row's horizontal
 * delta to the block below it (Myers 1999, block-based variant). The top row is
 * D[0][j] = j, so the delta entering the first block is always +1.
 */
function bitVectorDistance(p, pFrom, pTo, t, tFrom, tTo) {
    const m = pTo - pFrom;
    const blocks = (m + 31) >>> 5;
    // Peq: for every code point of the pattern, the rows where it occurs.
    const peq = new Map();
    for (let i = 0; i < m; i++) {
        const c = p[pFrom + i];
        let bits = peq.get(c);
        if (!bits) {
            bits = new Int32Array(blocks);
            peq.set(c, bits);
        }
        bits[i >>> 5] = bits[i >>> 5] | (1 << (i & 31));
    }
    const plus = new Int32Array(blocks).fill(-1);
    const minus = new Int32Array(blocks);
    const lastHigh = 1 << ((m - 1) & 31);
    let score = m;
    for (let j = tFrom; j < tTo; j++) {
        const eqs = peq.get(t[j]);
        let carry = 1;
        for (let b = 0; b < blocks; b++) {
            let eq = eqs ? eqs[b] : 0;
            const pv = plus[b];
            const mv = minus[b];
            const xv = eq | mv;
            if (carry < 0)
                eq |= 1;
            const xh = (((eq & pv) + pv) ^ pv) | eq;
            let ph = mv | ~(xh | pv);
            let mh = pv & xh;
            const high = b === blocks - 1 ? lastHigh : 1 << 31;
            const out = (ph & high) !== 0 ? 1 : (mh & high) !== 0 ? -1 : 0;
            ph <<= 1;
            mh <<= 1;
            if (carry < 0)
                mh |= 1;
            else if (carry > 0)
                ph |= 1;
            plus[b] = mh | ~(xv | ph);
            minus[b] = ph & xv;
            carry = out;
        }
        score += carry;
    }
    return score;
}
/**
 * Edit ratio of a candidate: Levenshtein distance ÷ the original's length in code points.
 * An empty original gives 0 when the candidate is empty too, otherwise Infinity.
 */
function editRatio(original, candidate) {
    const distance = levenshtein(original, candidate);
    const length = codePointLength(original);
    if (length === 0)
        return distance === 0 ? 0 : Infinity;
    return distance / length;
}
/**
 * The `max_char_edit_ratio` part of a validity rule: null when the candidate is within
 * `max` (or no maximum is set), otherwise the reason it is not.
 */
function editRatioViolation(original, candidate, max) {
    if (max === null || original === candidate)
        return null;
    const x = codePoints(original);
    const y = codePoints(candidate);
    const length = x.length;
    // Most candidates are a few substitutions: the bound settles them without the full table.
    if (length > 0 && upperBound(x, y) / length <= max)
        return null;
    const edits = distance(x, y);
    const ratio = length === 0 ? Infinity : edits / length;
    if (ratio <= max)
        return null;
    const shown = Number.isFinite(ratio) ? ratio.toFixed(4) : 'infinite';
    return `edit ratio ${shown} (${edits} edit${edits === 1 ? '' : 's'} / ${length} code points) exceeds max_char_edit_ratio ${max}`;
}

;// CONCATENATED MODULE: ./src/perturb/words.ts
/**
 * Shared text scanning for the perturbation families.
 *
 * A word is a maximal run of Unicode letters, together with any combining marks that
 * follow a letter inside the run (so a decomposed "ã" stays one word). A chunk is a
 * maximal run of non-whitespace characters.
 *
 * Protected text is never edited by any family:
 * - negator words of the row's language (en: not, never, no; es: no, nunca, ni;
 *   pt: não, nunca, nem), compared case-insensitively after NFC normalisation; a
 *   language without its own list protects the union of the three lists;
 * - every chunk that contains a digit (numbers such as "12%", "n=240", "2017"), and
 *   every chunk that looks like a URL (contains "://" or starts with "www.", ignoring
 *   opening punctuation and case). These chunks are untouchable as a whole, including
 *   their punctuation, and every word inside them is protected.
 *
 * Portuguese "no" ("in the") is deliberately not a Portuguese negator.
 */
const NEGATORS = {
    en: ['not', 'never', 'no'],
    es: ['no', 'nunca', 'ni'],
    pt: ['não', 'nunca', 'nem']
};
const ALL_NEGATORS = new Set(Object.values(NEGATORS).flat());
const NEGATOR_SETS = new Map(Object.entries(NEGATORS).map(([language, list]) => [language, new Set(list)]));
/** The negator set protecting a row of `language` (exact code, then its primary subtag, else the union). */
function negatorsFor(language) {
    const exact = NEGATOR_SETS.get(language);
    if (exact)
        return exact;
    const primary = language.toLowerCase().split(/[-_]/)[0] ?? '';
    return NEGATOR_SETS.get(primary) ?? ALL_NEGATORS;
}
const ASCII_LETTERS = /^[A-Za-z]*$/;
/** The comparison form of a word: NFC, lower case. */
function foldWord(word) {
    return (ASCII_LETTERS.test(word) ? word : word.normalize('NFC')).toLowerCase();
}
/** True when `word` is a negator of the given language's list. */
function isNegator(word, language) {
    return negatorsFor(language).has(foldWord(word));
}
/** True when `word` is a negator in any language's list. */
function isNegatorInAnyLanguage(word) {
    return ALL_NEGATORS.has(foldWord(word));
}
const HAS_NUMBER = /\p{N}/u;
const STARTS_WWW = /^[^\p{L}\p{N}]*www\./iu;
/** True when a whitespace-delimited chunk holds a number or a URL and so must not change at all. */
function isProtectedChunk(chunk) {
    return HAS_NUMBER.test(chunk) || chunk.includes('://') || STARTS_WWW.test(chunk);
}
const WORD = /\p{L}[\p{L}\p{M}]*/gu;
const CHUNK = /\S+/gu;
const HAS_MARK = /\p{M}/u;
const SURROGATE = /[\uD800-\uDFFF]/;
const MARKS = /\p{M}/gu;
/** No negator is longer than this in UTF-16 units, even decomposed ("não" → 4). */
const MAX_NEGATOR_UNITS = 8;
// The last few scans: a family scans the original to build its candidate and again to check it.
const recent = [];
const RECENT = 4;
/**
 * Split `text` into chunks and words and mark what is protected (see the module comment).
 * The result is shared between callers (the last few are remembered): do not modify it.
 */
function scanText(text, language) {
    for (const entry of recent)
        if (entry.text === text && entry.language === language)
            return entry.scan;
    const scan = freshScan(text, language);
    recent.unshift({ text, language, scan });
    if (recent.length > RECENT)
        recent.pop();
    return scan;
}
function freshScan(text, language) {
    const chunks = [];
    for (const m of text.matchAll(CHUNK)) {
        chunks.push({ text: m[0], start: m.index, end: m.index + m[0].length, protected: isProtectedChunk(m[0]) });
    }
    const negators = negatorsFor(language);
    const words = [];
    // Without surrogate pairs, code-point offsets equal UTF-16 offsets.
    const astral = SURROGATE.test(text);
    let chunkIndex = 0;
    let cpOffset = 0;
    let unitOffset = 0;
    for (const m of text.matchAll(WORD)) {
        const start = m.index;
        const end = start + m[0].length;
        cpOffset += astral ? countCodePoints(text, unitOffset, start) : start - unitOffset;
        unitOffset = start;
        while (chunkIndex < chunks.length && chunks[chunkIndex].end <= start)
            chunkIndex++;
        const chunk = chunks[chunkIndex];
        const inProtectedChunk = chunk !== undefined && chunk.start <= start && chunk.protected;
        const cpLength = astral ? countCodePoints(text, start, end) : end - start;
        const letters = HAS_MARK.test(m[0]) ? cpLength - m[0].match(MARKS).length : cpLength;
        const protection = inProtectedChunk
            ? 'number-or-url'
            : m[0].length <= MAX_NEGATOR_UNITS && negators.has(foldWord(m[0]))
                ? 'negator'
                : null;
        words.push({ index: words.length, text: m[0], start, end, cpStart: cpOffset, cpLength, letters, protection });
    }
    return { words, chunks };
}
/** Code points in text[from, to) (UTF-16 offsets). */
function countCodePoints(text, from, to) {
    let n = 0;
    for (let i = from; i < to; i++) {
        const c = text.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
            const d = text.charCodeAt(i + 1);
            if (d >= 0xdc00 && d <= 0xdfff)
                i++;
        }
        n++;
    }
    return n;
}

;// CONCATENATED MODULE: ./src/perturb/dictionary.ts



const DICTIONARY_RULE = 'every replaced word is its dictionary replacement (case-insensitively), no protected word changes, and all text outside replaced words is identical';
const LETTER = /\p{L}/u;
/** Upper-case the first code point. */
function capitalise(word) {
    const first = String.fromCodePoint(word.codePointAt(0));
    return first.toUpperCase() + word.slice(first.length);
}
/** The replacement in the case of `word`, or null when the word's case is mixed. */
function keepCase(word, replacement) {
    if (word === word.toLowerCase())
        return replacement;
    const chars = [...word];
    const letters = chars.filter((c) => LETTER.test(c)).length;
    if (letters >= 2 && word === word.toUpperCase())
        return replacement.toUpperCase();
    const first = chars[0];
    const rest = chars.slice(1).join('');
    if (first !== first.toLowerCase() && rest === rest.toLowerCase())
        return capitalise(replacement);
    return null;
}
/** The substitutions for `language`, or undefined when the dictionary has none. */
function dictionaryFor(dictionary, language) {
    return Object.hasOwn(dictionary.languages, language) ? dictionary.languages[language] : undefined;
}
/** The `dictionary` candidate: `text` with every eligible word replaced. */
function substituteWords(text, language, words) {
    let out = '';
    let at = 0;
    for (const word of scanText(text, language).words) {
        if (word.protection !== null)
            continue;
        const replacement = words.get(foldWord(word.text));
        if (replacement === undefined)
            continue;
        const cased = keepCase(word.text, replacement);
        if (cased === null)
            continue;
        out += text.slice(at, word.start) + cased;
        at = word.end;
    }
    return at === 0 ? text : out + text.slice(at);
}
/** Null when `candidate` is a valid `dictionary` edit of `original`, otherwise why not. */
function dictionaryViolation(original, candidate, language, words, maxCharEditRatio) {
    const before = scanText(original, language).words;
    const after = scanText(candidate, language).words;
    if (before.length !== after.length)
        return `the text has ${after.length} words instead of ${before.length}; substitutions replace whole words one for one`;
    let atBefore = 0;
    let atAfter = 0;
    for (let i = 0; i <= before.length; i++) {
        const b = before[i];
        const a = after[i];
        const gapBefore = original.slice(atBefore, b ? b.start : original.length);
        const gapAfter = candidate.slice(atAfter, a ? a.start : candidate.length);
        if (gapBefore !== gapAfter)
            return `text between words changed (${JSON.stringify(gapBefore)} → ${JSON.stringify(gapAfter)})`;
        if (!b || !a)
            break;
        atBefore = b.end;
        atAfter = a.end;
        if (b.text === a.text)
            continue;
        const change = `${JSON.stringify(b.text)} → ${JSON.stringify(a.text)}`;
        if (b.protection !== null)
            return `the protected word ${JSON.stringify(b.text)} changed (${change})`;
        const expected = words.get(foldWord(b.text));
        if (expected === undefined || foldWord(expected) !== foldWord(a.text))
            return `${change} is not a dictionary substitution`;
    }
    return editRatioViolation(original, candidate, maxCharEditRatio);
}
function dictionaryFamily(options, dictionary) {
    return {
        family: 'dictionary',
        labelPreserving: true,
        validityRule: withRatio(DICTIONARY_RULE, options.maxCharEditRatio),
        parameters: { file: dictionary.path, sha256: dictionary.sha256 },
        perturb(input) {
            const words = dictionaryFor(dictionary, input.language);
            if (!words)
                return { text: input.text, attempted: false, notAttemptedReason: 'no_dictionary', valid: true, invalidReason: null };
            const candidate = substituteWords(input.text, input.language, words);
            return checkedOutcome(input.text, candidate, () => dictionaryViolation(input.text, candidate, input.language, words, options.maxCharEditRatio));
        }
    };
}

;// CONCATENATED MODULE: ./src/perturb/dictionary-file.ts
/**
 * The substitution dictionary file of the `dictionary` family:
 *
 *   version: 1
 *   languages:
 *     en: { study: research, data: records }
 *     es: { estudio: trabajo }
 *
 * Rules: `version` must be 1; `languages` maps a language code to a non-empty mapping
 * of word → word; every key and value is one lowercase word (letters, with combining
 * marks after a letter; no spaces, digits or punctuation); neither a key nor a value may
 * be a negator of any language (negators are never edited, nor introduced); a word may
 * not map to itself; no other top-level keys. Problems are ConfigErrors naming the file,
 * line and key path, as the main config's are. The digest covers the raw file bytes.
 */






const TOP_LEVEL_KEYS = ['version', 'languages'];
const dictionary_file_WORD = /^\p{L}[\p{L}\p{M}]*$/u;
const WORD_EXPECTED = 'a single lowercase word of letters only';
function isMapping(value) {
    return value !== null && typeof value === 'object' && !Array.isArray(value);
}
function isLowercaseWord(value) {
    return typeof value === 'string' && dictionary_file_WORD.test(value) && value === value.toLowerCase();
}
/** Read, parse and validate a dictionary file; throws ConfigError on any problem. */
function loadDictionary(ref) {
    let bytes;
    try {
        bytes = (0,external_node_fs_.readFileSync)(ref.absolute);
    }
    catch (error) {
        const code = error.code ?? 'unknown error';
        throw new ConfigError(`${ref.path}: cannot read the dictionary file (${code}); expected a readable YAML file`);
    }
    let text;
    try {
        text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    }
    catch {
        throw new ConfigError(`${ref.path}:1: expected UTF-8 text, found invalid bytes`);
    }
    const { source, errors } = ConfigSource.parse(ref.path, text);
    const firstError = errors[0];
    if (firstError)
        throw new ConfigError(`${ref.path}:${firstError.line}: invalid YAML: ${firstError.message}`);
    const value = source.value();
    const fail = (path, message, atKey = false) => {
        throw configError(source, path, message, atKey);
    };
    if (!isMapping(value))
        return fail([], `expected a mapping with keys version, languages, found ${describeFound(value)}`);
    for (const key of Object.keys(value)) {
        if (!TOP_LEVEL_KEYS.includes(key))
            fail([key], `unknown key; expected one of ${TOP_LEVEL_KEYS.join(', ')}, found ${JSON.stringify(key)}`, true);
    }
    if (!('version' in value))
        fail(['version'], 'missing required key; expected 1, found nothing');
    if (value.version !== 1)
        fail(['version'], `expected 1, found ${describeFound(value.version)}`);
    if (!('languages' in value))
        fail(['languages'], 'missing required key; expected a mapping of language code to word substitutions, found nothing');
    const rawLanguages = value.languages;
    if (!isMapping(rawLanguages) || Object.keys(rawLanguages).length === 0) {
        fail(['languages'], `expected a non-empty mapping of language code to word substitutions, found ${describeEmpty(rawLanguages)}`);
    }
    const languages = Object.create(null);
    for (const [language, rawWords] of Object.entries(rawLanguages)) {
        const base = ['languages', language];
        if (language === '')
            fail(base, 'expected a language code, found an empty name', true);
        if (!isMapping(rawWords) || Object.keys(rawWords).length === 0) {
            fail(base, `expected a non-empty mapping of word to replacement word, found ${describeEmpty(rawWords)}`);
        }
        const words = new Map();
        for (const [key, replacement] of Object.entries(rawWords)) {
            const path = [...base, key];
            if (!isLowercaseWord(key))
                fail(path, `expected the key to be ${WORD_EXPECTED}, found ${JSON.stringify(key)}`, true);
            if (isNegatorInAnyLanguage(key))
                fail(path, `expected a word that is not a negator (negators are never edited), found ${JSON.stringify(key)}`, true);
            if (!isLowercaseWord(replacement))
                fail(path, `expected ${WORD_EXPECTED}, found ${describeFound(replacement)}`);
            if (isNegatorInAnyLanguage(replacement))
                fail(path, `expected a replacement that is not a negator, found ${JSON.stringify(replacement)}`);
            const folded = key.normalize('NFC');
            if (replacement.normalize('NFC') === folded)
                fail(path, `expected a word different from the key, found ${JSON.stringify(replacement)}`);
            if (words.has(folded))
                fail(path, `duplicate key after Unicode normalisation; expected each word once, found ${JSON.stringify(key)} twice`, true);
            words.set(folded, replacement);
        }
        languages[language] = words;
    }
    return { path: ref.path, sha256: sha256Hex(bytes), version: 1, languages };
}
function describeEmpty(value) {
    return isMapping(value) && Object.keys(value).length === 0 ? 'an empty mapping' : describeFound(value);
}

;// CONCATENATED MODULE: ./src/perturb/format.ts




const WORDS_PER_CASE_CHANGE = 5;
const UPPER_SHARE = 0.15;
const FORMAT_RULE = 'only case and punctuation change: the letters, combining marks and digits, each lower-cased, are the same sequence';
/** `mapped` when it is a safe case flip of `ch` (one code point, same lower case), else `ch`. */
function safeFlip(ch, mapped) {
    if (mapped === ch)
        return ch;
    const first = mapped.codePointAt(0);
    if (first === undefined || String.fromCodePoint(first) !== mapped)
        return ch;
    return mapped.toLowerCase() === ch.toLowerCase() ? mapped : ch;
}
const upper = (ch) => safeFlip(ch, ch.toUpperCase());
const lower = (ch) => safeFlip(ch, ch.toLowerCase());
function splitFirst(word) {
    const first = String.fromCodePoint(word.codePointAt(0));
    return [first, word.slice(first.length)];
}
/** Every character upper-cased where that is a safe flip. */
function allUpper(word) {
    let out = '';
    for (const ch of word)
        out += upper(ch);
    return out;
}
/** How a word's case may change; null for mixed case or when nothing can flip. */
function caseChoice(word) {
    const [first, rest] = splitFirst(word);
    if (word === word.toLowerCase()) {
        const title = upper(first) + rest;
        if (title !== word)
            return { usual: title, rare: () => allUpper(word) };
        const shouted = allUpper(word);
        return shouted === word ? null : { usual: shouted, rare: null };
    }
    if (rest === rest.toLowerCase()) {
        const lowered = lower(first) + rest;
        return lowered === word ? null : { usual: lowered, rare: null };
    }
    if (word === word.toUpperCase()) {
        let titled = first;
        for (const ch of rest)
            titled += lower(ch);
        return titled === word ? null : { usual: titled, rare: null };
    }
    return null;
}
function punctuationSites(text, chunks) {
    const sites = [];
    for (const chunk of chunks) {
        if (chunk.protected)
            continue;
        // A separator that ends its chunk with whitespace after it.
        const ch = text[chunk.end - 1];
        if ((ch === ',' || ch === ';') && chunk.end < text.length) {
            sites.push({ start: chunk.end - 1, end: chunk.end, choices: [ch === ',' ? ';' : ','] });
        }
    }
    const last = chunks[chunks.length - 1];
    if (last && !last.protected) {
        const end = last.end;
        const ch = text[end - 1];
        if (ch === '.' && text[end - 2] !== '.')
            sites.push({ start: end - 1, end, choices: ['!', ''] });
        else if (ch === '!' || ch === '?')
            sites.push({ start: end - 1, end, choices: ['.'] });
        else if (/^\p{L}$/u.test([...last.text].pop()))
            sites.push({ start: end, end, choices: ['.'] });
    }
    return sites;
}
/** The `format` candidate for one row (see the module comment for the rule). */
function formatCandidate(text, row) {
    const { words, chunks } = scanText(text, row.language);
    const eligible = [];
    for (const word of words) {
        if (word.protection !== null)
            continue;
        const choice = caseChoice(word.text);
        if (choice)
            eligible.push({ start: word.start, end: word.end, choice });
    }
    const edits = [];
    const sites = punctuationSites(text, chunks);
    if (sites.length > 0) {
        const site = sites[Math.floor(decision_decide(row.seed, 'format', row.id, 'punct') * sites.length)];
        const choice = site.choices.length === 1 ? 0 : Math.floor(decision_decide(row.seed, 'format', row.id, 'end') * site.choices.length);
        edits.push({ start: site.start, end: site.end, replacement: site.choices[choice] });
    }
    let changes = Math.round(eligible.length / WORDS_PER_CASE_CHANGE);
    if (sites.length === 0 && eligible.length > 0)
        changes = Math.max(changes, 1);
    for (let j = 0; j < changes; j++) {
        const scaled = decision_decide(row.seed, 'format', row.id, `case:${j}`) * eligible.length;
        const pick = Math.floor(scaled);
        const [word] = eligible.splice(pick, 1);
        if (!word)
            break;
        const { usual, rare } = word.choice;
        const replacement = scaled - pick < UPPER_SHARE && rare !== null ? rare() : usual;
        edits.push({ start: word.start, end: word.end, replacement });
    }
    return applyEdits(text, edits);
}
const NOT_LETTER_MARK_OR_DIGIT = /[^\p{L}\p{M}\p{N}]+/gu;
/** Letters, combining marks and digits of `text`, each lower-cased on its own. */
function foldedLettersAndDigits(text) {
    const kept = text.replace(NOT_LETTER_MARK_OR_DIGIT, '');
    // Lower-casing a whole string differs from doing it character by character only for
    // capital sigma (final ς versus σ), so only that case needs the slow path.
    if (!kept.includes('\u03A3'))
        return kept.toLowerCase();
    let out = '';
    for (const ch of kept)
        out += ch.toLowerCase();
    return out;
}
/** Null when `candidate` is a valid `format` edit of `original`, otherwise why not. */
function formatViolation(original, candidate, maxCharEditRatio) {
    if (foldedLettersAndDigits(original) !== foldedLettersAndDigits(candidate)) {
        return 'a letter or digit changed beyond its case (format may change only case and punctuation)';
    }
    return editRatioViolation(original, candidate, maxCharEditRatio);
}
function formatFamily(options) {
    return {
        family: 'format',
        labelPreserving: true,
        validityRule: withRatio(FORMAT_RULE, options.maxCharEditRatio),
        parameters: {},
        perturb(input) {
            const candidate = formatCandidate(input.text, { seed: options.seed, id: input.id, language: input.language });
            return checkedOutcome(input.text, candidate, () => formatViolation(input.text, candidate, options.maxCharEditRatio));
        }
    };
}

;// CONCATENATED MODULE: ./src/perturb/transpose.ts




const TRANSPOSE_RULE = 'the edit is exactly the declared swaps of two adjacent, different, interior letters, at most one per unprotected word of at least 4 letters';
const transpose_LETTER = /^\p{L}$/u;
const MARK = /^\p{M}$/u;
/**
 * Indices i (in code points) where characters i and i+1 of a word may be swapped;
 * `lettersOnly` skips the letter and mark tests for a word known to have no marks.
 */
function swapPositions(chars, lettersOnly = false) {
    const out = [];
    for (let i = 1; i + 1 <= chars.length - 2; i++) {
        const a = chars[i];
        const b = chars[i + 1];
        if (a !== b && (lettersOnly || (transpose_LETTER.test(a) && transpose_LETTER.test(b) && !MARK.test(chars[i + 2]))))
            out.push(i);
    }
    return out;
}
const transpose_SURROGATE = /[\uD800-\uDFFF]/;
/**
 * The code points of `s`, indexable: the string itself when it has no surrogate pairs
 * (then code units are code points), otherwise an array. `cpLength`, when known, spares
 * the test.
 */
function characters(s, cpLength) {
    const plain = cpLength === undefined ? !transpose_SURROGATE.test(s) : cpLength === s.length;
    return plain ? s : [...s];
}
/** The `transpose` candidate for one row and the swaps it declares. */
function transposeCandidate(text, row, wordsPerChange) {
    const eligible = [];
    for (const word of scanText(text, row.language).words) {
        if (word.protection !== null || word.letters < 4)
            continue;
        const chars = characters(word.text, word.cpLength);
        // A word without combining marks is letters only.
        const positions = swapPositions(chars, word.letters === word.cpLength);
        if (positions.length === 0)
            continue;
        eligible.push({ word, chars, positions, d: decision_decide(row.seed, 'transpose', row.id, word.index) });
    }
    if (eligible.length === 0)
        return { text, swaps: [] };
    const k = Math.min(eligible.length, Math.max(1, Math.round(eligible.length / wordsPerChange)));
    const chosen = eligible.sort((a, b) => a.d - b.d || a.word.index - b.word.index).slice(0, k);
    const edits = [];
    const swaps = [];
    for (const { word, chars, positions } of chosen) {
        const i = positions[Math.floor(decision_decide(row.seed, 'transpose', row.id, `${word.index}:swap`) * positions.length)];
        const swapped = Array.from(chars);
        swapped[i] = chars[i + 1];
        swapped[i + 1] = chars[i];
        edits.push({ start: word.start, end: word.end, replacement: swapped.join('') });
        swaps.push(word.cpStart + i);
    }
    swaps.sort((a, b) => a - b);
    return { text: applyEdits(text, edits), swaps };
}
/**
 * Null when `candidate` is a valid `transpose` edit of `original`, otherwise why not.
 * `declared` (code-point offsets of the swapped pairs), when given, must match exactly.
 */
function transposeViolation(original, candidate, language, maxCharEditRatio, declared) {
    const o = characters(original);
    const c = characters(candidate);
    if (o.length !== c.length)
        return `length changed from ${o.length} to ${c.length} code points; swaps keep the length`;
    const swaps = [];
    for (let p = 0; p < o.length; p++) {
        if (o[p] === c[p])
            continue;
        if (!(p + 1 < o.length && c[p] === o[p + 1] && c[p + 1] === o[p])) {
            return `code point ${p} changed from ${JSON.stringify(o[p])} to ${JSON.stringify(c[p])}, not as part of an adjacent swap`;
        }
        swaps.push(p);
        p++;
    }
    if (declared && (declared.length !== swaps.length || declared.some((p, i) => p !== swaps[i]))) {
        return `the swaps made (at code points ${swaps.join(', ') || 'none'}) differ from those declared (${declared.join(', ') || 'none'})`;
    }
    const words = scanText(original, language).words;
    let w = 0;
    let lastWord = -1;
    for (const p of swaps) {
        while (w < words.length && words[w].cpStart + words[w].cpLength <= p)
            w++;
        const word = words[w];
        const at = `swap at code points ${p}-${p + 1}`;
        if (!word || word.cpStart > p || p + 1 >= word.cpStart + word.cpLength)
            return `${at} is not inside one word`;
        const name = JSON.stringify(word.text);
        if (word.protection !== null)
            return `${at} edits the protected word ${name}`;
        if (word.letters < 4)
            return `${at} is in ${name}, a word of fewer than 4 letters`;
        if (p === word.cpStart || p + 1 === word.cpStart + word.cpLength - 1)
            return `${at} moves the first or last character of ${name}`;
        if (!transpose_LETTER.test(o[p]) || !transpose_LETTER.test(o[p + 1]) || MARK.test(o[p + 2] ?? '')) {
            return `${at} in ${name} moves something other than two letters without accents attached`;
        }
        if (w === lastWord)
            return `${at} is a second swap in ${name}`;
        lastWord = w;
    }
    return editRatioViolation(original, candidate, maxCharEditRatio);
}
function transposeFamily(options, params) {
    const wordsPerChange = params.words_per_change;
    return {
        family: 'transpose',
        labelPreserving: true,
        validityRule: withRatio(TRANSPOSE_RULE, options.maxCharEditRatio),
        parameters: { words_per_change: wordsPerChange },
        perturb(input) {
            const { text, swaps } = transposeCandidate(input.text, { seed: options.seed, id: input.id, language: input.language }, wordsPerChange);
            return checkedOutcome(input.text, text, () => transposeViolation(input.text, text, input.language, options.maxCharEditRatio, swaps));
        }
    };
}

;// CONCATENATED MODULE: ./src/perturb/truncate.ts

const TRUNCATE_RULE = 'the candidate is the exact prefix of the original ending with its ⌈keep × words⌉-th whitespace-delimited word';
const truncate_CHUNK = /\S+/gu;
/** How many words truncation keeps out of `words`. */
function keptWordCount(words, keep) {
    if (words === 0)
        return 0;
    const exact = Number((keep * words).toFixed(9));
    return Math.min(words, Math.max(1, Math.ceil(exact)));
}
/** The `truncate` candidate for one text. */
function truncateCandidate(text, keep) {
    const ends = [];
    for (const m of text.matchAll(truncate_CHUNK))
        ends.push(m.index + m[0].length);
    const kept = keptWordCount(ends.length, keep);
    if (kept === 0)
        return text;
    return text.slice(0, ends[kept - 1]);
}
/** Null when `candidate` is the truncation of `original`, otherwise why not. */
function truncateViolation(original, candidate, keep) {
    const expected = truncateCandidate(original, keep);
    if (candidate === expected)
        return null;
    if (!original.startsWith(candidate))
        return 'the candidate is not a prefix of the original';
    return `the candidate is a prefix of ${[...candidate].length} code points; the rule keeps ${[...expected].length}`;
}
function truncateFamily(params) {
    const keep = params.keep;
    return {
        family: 'truncate',
        labelPreserving: false,
        validityRule: TRUNCATE_RULE,
        parameters: { keep },
        perturb(input) {
            const candidate = truncateCandidate(input.text, keep);
            return checkedOutcome(input.text, candidate, () => truncateViolation(input.text, candidate, keep));
        }
    };
}

;// CONCATENATED MODULE: ./src/perturb/registry.ts







/** One runner per configured family; throws ConfigError for a bad dictionary file. */
function buildFamilies(attacks, options) {
    const runners = [];
    const dictionaries = [];
    if (attacks.format)
        runners.push(formatFamily(options));
    if (attacks.transpose)
        runners.push(transposeFamily(options, attacks.transpose));
    if (attacks.dictionary) {
        const dictionary = loadDictionary(attacks.dictionary.file);
        runners.push(dictionaryFamily(options, dictionary));
        dictionaries.push({
            path: dictionary.path,
            sha256: dictionary.sha256,
            version: dictionary.version,
            languages: sortCodePoints(Object.keys(dictionary.languages))
        });
    }
    if (attacks.append)
        runners.push(appendFamily(attacks.append));
    if (attacks.truncate)
        runners.push(truncateFamily(attacks.truncate));
    return { runners, dictionaries };
}

;// CONCATENATED MODULE: ./src/evaluate/evaluate.ts





function renderText(policy, text) {
    if (text === null || policy === 'none')
        return null;
    return policy === 'hash' ? sha256Hex(text) : text;
}
function exampleText(example) {
    return example.input.kind === 'text' ? example.input.text : null;
}
async function evaluate(plan, dataset, models, runners, sink) {
    const examples = dataset.splits.flatMap((s) => s.examples);
    const candidates = new Map(examples.map((e) => [e, candidatesFor(e, runners)]));
    const tm = plan.threatModel;
    const caches = [];
    const counters = [];
    for (const model of models) {
        const inputs = [...candidates.values()].flatMap((list) => list.map((c) => c.input));
        const { cache, counters: c } = await scoreDistinct(model, inputs);
        caches.push(cache);
        counters.push({ model: model.name, predictions: 0, ...c });
    }
    for (const example of examples) {
        const list = candidates.get(example);
        for (const [m, model] of models.entries()) {
            const cache = caches[m];
            const clean = cache.get(inputKey(example.input));
            for (const candidate of list) {
                const result = cache.get(inputKey(candidate.input));
                counters[m].predictions++;
                await sink(evidenceRow({
                    example,
                    model: model.name,
                    labels: model.labels,
                    condition: candidate.condition,
                    clean,
                    result,
                    candidate: candidate.condition === 'clean' ? null : candidate,
                    // Ledger masks exist only for label-preserving perturbations (null on clean and truncate).
                    masked: candidate.condition !== 'clean' && candidate.labelPreserving,
                    objective: tm.objective,
                    transitions: tm.protectedTransitions,
                    text: renderText(plan.output.text, exampleText(example)),
                    perturbedText: renderText(plan.output.text, candidate.perturbedText)
                }));
            }
        }
    }
    return counters;
}

;// CONCATENATED MODULE: ./src/evidence/row.ts
/** Version of the row layout below; recorded in the manifest's entry for evidence.jsonl. */
const EVIDENCE_SCHEMA_VERSION = 1;
const EVIDENCE_FIELDS = [
    'id', 'split', 'model', 'condition', 'language', 'domain', 'text', 'perturbed_text', 'label',
    'clean_prediction', 'prediction', 'scores', 'margin', 'clean_margin', 'changed',
    'valid', 'invalid_reason', 'eligible', 'tested', 'success', 'uncovered', 'uncovered_reason', 'status',
    'error'
];
/** Appended after EVIDENCE_FIELDS on tabular rows. */
const TABULAR_FIELDS = ['features', 'perturbed_features', 'exact'];
/** One JSON value: finite numbers as JSON prints them, non-finite as null. */
function value(v) {
    if (typeof v === 'number')
        return Number.isFinite(v) ? String(v) : 'null';
    return v === undefined ? 'null' : JSON.stringify(v);
}
/**
 * One JSONL line (without the newline), keys in EVIDENCE_FIELDS order and scores in label
 * order. Built by hand: this runs once per row and is the hottest serialisation in a run.
 */
function serializeRow(row, labels) {
    let out = '{';
    for (let f = 0; f < EVIDENCE_FIELDS.length; f++) {
        const field = EVIDENCE_FIELDS[f];
        out += (f === 0 ? '"' : ',"') + field + '":';
        if (field === 'scores') {
            const scores = row.scores;
            if (scores === null)
                out += 'null';
            else {
                out += '{';
                for (let i = 0; i < labels.length; i++)
                    out += (i === 0 ? '' : ',') + JSON.stringify(labels[i]) + ':' + value(scores[i]);
                out += '}';
            }
        }
        else
            out += value(row[field]);
    }
    // Tabular rows: feature maps in the config's feature order (insertion order of the record).
    if (row.features !== undefined) {
        for (const field of TABULAR_FIELDS) {
            const v = row[field];
            out += ',"' + field + '":' + (v !== null && typeof v === 'object' ? '{' + Object.entries(v).map(([k, x]) => JSON.stringify(k) + ':' + value(x)).join(',') + '}' : value(v));
        }
    }
    return out + '}';
}

;// CONCATENATED MODULE: external "node:fs/promises"
const promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");
;// CONCATENATED MODULE: external "node:stream/promises"
const external_node_stream_promises_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:stream/promises");
;// CONCATENATED MODULE: external "node:zlib"
const external_node_zlib_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:zlib");
;// CONCATENATED MODULE: external "node:events"
const external_node_events_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:events");
;// CONCATENATED MODULE: ./src/evidence/writer.ts
/** Streams evidence rows to disk with backpressure, hashing the bytes as they are written. */






class JsonlWriter {
    path;
    stream;
    hash = (0,external_node_crypto_.createHash)('sha256');
    count = 0;
    bytes = 0;
    constructor(path) {
        this.path = path;
        // A large buffer: rows are small and many, and each drain wait costs a turn of the event loop.
        this.stream = (0,external_node_fs_.createWriteStream)(path, { encoding: 'utf8', highWaterMark: 1 << 20 });
    }
    async write(line) {
        const chunk = line + '\n';
        this.hash.update(chunk, 'utf8');
        this.count++;
        this.bytes += Buffer.byteLength(chunk, 'utf8');
        if (!this.stream.write(chunk))
            await (0,external_node_events_namespaceObject.once)(this.stream, 'drain');
    }
    /** Close the file; returns its SHA-256, row count and byte size. */
    async close() {
        this.stream.end();
        await (0,external_node_events_namespaceObject.once)(this.stream, 'finish');
        return { sha256: this.hash.digest('hex'), rows: this.count, bytes: this.bytes };
    }
}
/**
 * Replace `path` by `path.gz` (gzip, level 9); returns the compressed file's SHA-256 and size.
 * Node writes a fixed gzip header (no name, mtime 0), so the bytes repeat for the same input.
 */
async function gzipFile(path) {
    const target = `${path}.gz`;
    const hash = (0,external_node_crypto_.createHash)('sha256');
    let bytes = 0;
    const gzip = (0,external_node_zlib_namespaceObject.createGzip)({ level: 9 });
    gzip.on('data', (chunk) => {
        hash.update(chunk);
        bytes += chunk.length;
    });
    await (0,external_node_stream_promises_namespaceObject.pipeline)((0,external_node_fs_.createReadStream)(path), gzip, (0,external_node_fs_.createWriteStream)(target));
    await (0,promises_namespaceObject.rm)(path);
    return { path: target, sha256: hash.digest('hex'), bytes };
}

;// CONCATENATED MODULE: ./src/metrics/figure.ts
/** numerator / denominator; `not_evaluated` with `reason` when the denominator is 0. */
function figure_rate(numerator, denominator, reason = 'zero denominator') {
    if (denominator === 0)
        return { value: null, numerator, denominator, status: 'not_evaluated', reason };
    return { value: numerator / denominator, numerator, denominator, status: 'ok', reason: null };
}
/** A plain count: the denominator is the population it was counted in. */
function figure_count(n, population) {
    return { value: n, numerator: n, denominator: population, status: 'ok', reason: null };
}
/** A figure that is not a ratio of counts (e.g. PSI); numerator/denominator are null. */
function measure(value, denominator = null) {
    return { value, numerator: null, denominator, status: 'ok', reason: null };
}
function notApplicable(reason) {
    return { value: null, numerator: null, denominator: null, status: 'not_applicable', reason };
}
function notEvaluated(reason, denominator = 0) {
    return { value: null, numerator: null, denominator, status: 'not_evaluated', reason };
}

;// CONCATENATED MODULE: ./src/metrics/classification.ts

function isCorrect(row) {
    return row.status === 'ok' && row.prediction === row.label;
}
function accuracy(rows) {
    let correct = 0;
    for (const row of rows)
        if (isCorrect(row))
            correct++;
    return figure_rate(correct, rows.length, 'no rows in this scope');
}
/** Missing rows (errors and timeouts) among all of a model's rows. */
function missingRows(rows) {
    let missing = 0;
    for (const row of rows)
        if (row.status !== 'ok')
            missing++;
    return { value: missing, numerator: missing, denominator: rows.length, status: 'ok', reason: null };
}

;// CONCATENATED MODULE: ./src/metrics/accounting.ts


function accounting(rows, cleanRows) {
    let wrongAfter = 0;
    let cleanCorrect = 0;
    let induced = 0;
    let cleanWrong = 0;
    let fixed = 0;
    for (const row of rows) {
        const clean = cleanRows.get(row.id);
        if (!clean)
            throw new Error(`no clean row for id "${row.id}" (model ${row.model})`);
        const before = isCorrect(clean);
        const after = isCorrect(row);
        if (!after)
            wrongAfter++;
        if (before) {
            cleanCorrect++;
            if (!after)
                induced++;
        }
        else {
            cleanWrong++;
            if (after)
                fixed++;
        }
    }
    return {
        post_test_errors: figure_rate(wrongAfter, rows.length, 'no rows in this scope'),
        post_test_accuracy: figure_rate(rows.length - wrongAfter, rows.length, 'no rows in this scope'),
        error_induction: figure_rate(induced, cleanCorrect, 'no clean-correct rows'),
        became_correct: figure_count(fixed, cleanWrong)
    };
}
/** Up to `n` rows that link a counted failure to its actual change: successes first, in evidence order. */
function workedExamples(rows, n = 3) {
    const tested = rows.filter((r) => r.tested);
    const picked = [...tested.filter((r) => r.success), ...tested.filter((r) => !r.success)].slice(0, n);
    return picked.map((r) => ({
        id: r.id,
        features: r.features ?? null,
        perturbed_features: r.perturbed_features ?? null,
        label: r.label,
        clean_prediction: r.clean_prediction,
        prediction: r.prediction,
        success: r.success === true
    }));
}

;// CONCATENATED MODULE: ./src/metrics/abstention.ts


/** The value a policy compares with its threshold, or null for a missing row. */
function abstentionValue(row, on) {
    if (row.status !== 'ok')
        return null;
    if (on === 'margin')
        return row.margin;
    return row.scores === null || row.scores.length === 0 ? null : Math.max(...row.scores);
}
function abstention(rows, policy) {
    let abstained = 0;
    let accepted = 0;
    let acceptedWrong = 0;
    let missing = 0;
    for (const row of rows) {
        const value = abstentionValue(row, policy.on);
        if (value === null)
            missing++;
        else if (value < policy.threshold)
            abstained++;
        else {
            accepted++;
            if (!isCorrect(row))
                acceptedWrong++;
        }
    }
    const n = rows.length;
    return {
        policy: { ...policy },
        abstained: figure_rate(abstained, n, 'no rows in this scope'),
        accepted: figure_count(accepted, n),
        accepted_but_wrong: figure_count(acceptedWrong, accepted),
        accepted_error_rate: figure_rate(acceptedWrong, accepted, 'no accepted rows'),
        missing: figure_count(missing, n)
    };
}

;// CONCATENATED MODULE: ./src/metrics/percentile.ts
/**
 * Percentiles with numpy's default method ('linear', Hyndman & Fan type 7), reproduced
 * operation for operation so results are bit-identical to `numpy.percentile(x, q)`:
 *   x sorted ascending, n = len(x), h = (n − 1) · (q / 100), lower = ⌊h⌋, γ = h − lower
 *   h ≥ n − 1 → x[n−1]; otherwise lerp(x[lower], x[lower+1], γ), where numpy's lerp is
 *   a + (b − a)·γ for γ < 0.5 and b − (b − a)·(1 − γ) for γ ≥ 0.5 (the same value in exact
 *   arithmetic).
 */
function checkQ(q) {
    if (!(q >= 0 && q <= 100))
        throw new RangeError(`percentile q must be in [0, 100], got ${q}`);
}
function sortedCopy(values) {
    if (values.length === 0)
        throw new RangeError('percentile of an empty sequence');
    // Float64Array sorts numerically; NaN is outside this function's contract.
    return Float64Array.from(values).sort();
}
/** numpy 'linear' percentile of values already sorted ascending (not checked). */
function percentileOfSorted(sorted, q) {
    checkQ(q);
    const n = sorted.length;
    if (n === 0)
        throw new RangeError('percentile of an empty sequence');
    const h = (n - 1) * (q / 100);
    if (h >= n - 1)
        return sorted[n - 1];
    const lower = Math.floor(h);
    const gamma = h - lower;
    const a = sorted[lower];
    const b = sorted[lower + 1];
    const diff = b - a;
    return gamma >= 0.5 ? b - diff * (1 - gamma) : a + diff * gamma;
}
/**
 * The q-th percentile (q in [0, 100]) of `values`, in any order, equal to numpy.percentile's
 * default: h = (n − 1)·q/100, value = x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]) on the sorted
 * copy. Throws a RangeError for an empty input or q outside [0, 100]; never returns null.
 */
function percentile(sortedOrUnsorted, q) {
    checkQ(q);
    return percentileOfSorted(sortedCopy(sortedOrUnsorted), q);
}
/** Throws unless 0 < level < 1. */
function checkLevel(level) {
    if (!(level > 0 && level < 1))
        throw new RangeError(`confidence level must be in (0, 1), got ${level}`);
}
/**
 * Central percentile interval at `level` (in (0, 1), e.g. 0.95):
 * [percentile(100·(1 − level)/2), percentile(100·(1 + level)/2)], sorting once.
 * Throws a RangeError for an empty input or a level outside (0, 1).
 */
function interval(values, level) {
    checkLevel(level);
    const sorted = sortedCopy(values);
    return [percentileOfSorted(sorted, (100 * (1 - level)) / 2), percentileOfSorted(sorted, (100 * (1 + level)) / 2)];
}

;// CONCATENATED MODULE: ./node_modules/pure-rand/lib/esm/distribution/uniformInt.js
//#region src/distribution/internals/uniformIntInternal.ts
/**
* Uniformly generate number in range [0 ; rangeSize[
* With rangeSize <= 0x100000000
* @internal
*/
function uniformIntInternal(rng, rangeSize) {
	const MaxAllowed = rangeSize > 2 ? ~~(4294967296 / rangeSize) * rangeSize : 4294967296;
	let deltaV = rng.next() + 2147483648;
	while (deltaV >= MaxAllowed) deltaV = rng.next() + 2147483648;
	return deltaV % rangeSize;
}
//#endregion
//#region src/distribution/internals/ArrayInt64.ts
/**
* We only accept safe integers here
* @internal
*/
function fromNumberToArrayInt64(out, n) {
	if (n < 0) {
		const posN = -n;
		out.sign = -1;
		out.data[0] = ~~(posN / 4294967296);
		out.data[1] = posN >>> 0;
	} else {
		out.sign = 1;
		out.data[0] = ~~(n / 4294967296);
		out.data[1] = n >>> 0;
	}
	return out;
}
/**
* Substract two ArrayInt of 64 bits on 64 bits.
* With arrayIntA - arrayIntB >= 0
* @internal
*/
function substractArrayInt64(out, arrayIntA, arrayIntB) {
	const lowA = arrayIntA.data[1];
	const highA = arrayIntA.data[0];
	const signA = arrayIntA.sign;
	const lowB = arrayIntB.data[1];
	const highB = arrayIntB.data[0];
	const signB = arrayIntB.sign;
	out.sign = 1;
	if (signA === 1 && signB === -1) {
		const low = lowA + lowB;
		const high = highA + highB + (low > 4294967295 ? 1 : 0);
		out.data[0] = high >>> 0;
		out.data[1] = low >>> 0;
		return out;
	}
	let lowFirst = lowA;
	let highFirst = highA;
	let lowSecond = lowB;
	let highSecond = highB;
	if (signA === -1) {
		lowFirst = lowB;
		highFirst = highB;
		lowSecond = lowA;
		highSecond = highA;
	}
	let reminderLow = 0;
	let low = lowFirst - lowSecond;
	if (low < 0) {
		reminderLow = 1;
		low = low >>> 0;
	}
	out.data[0] = highFirst - highSecond - reminderLow;
	out.data[1] = low;
	return out;
}
//#endregion
//#region src/distribution/internals/uniformArrayIntInternal.ts
/**
* Uniformly generate ArrayInt64 in range [0 ; rangeSize[
*
* @remarks
* In the worst case scenario it may discard half of the randomly generated value.
* Worst case being: most significant number is 1 and remaining part evaluates to 0.
*
* @internal
*/
function uniformArrayIntInternal(rng, out, rangeSize) {
	const maxIndex0 = rangeSize[0] + 1;
	out[0] = uniformIntInternal(rng, maxIndex0);
	out[1] = uniformIntInternal(rng, 4294967296);
	while (out[0] >= rangeSize[0] && (out[0] !== rangeSize[0] || out[1] >= rangeSize[1])) {
		out[0] = uniformIntInternal(rng, maxIndex0);
		out[1] = uniformIntInternal(rng, 4294967296);
	}
	return out;
}
//#endregion
//#region src/distribution/uniformInt.ts
const safeNumberMaxSafeInteger = Number.MAX_SAFE_INTEGER;
const sharedA = {
	sign: 1,
	data: [0, 0]
};
const sharedB = {
	sign: 1,
	data: [0, 0]
};
const sharedC = {
	sign: 1,
	data: [0, 0]
};
const sharedData = [0, 0];
function uniformLargeIntInternal(rng, from, to, rangeSize) {
	const rangeSizeArrayIntValue = rangeSize <= safeNumberMaxSafeInteger ? fromNumberToArrayInt64(sharedC, rangeSize) : substractArrayInt64(sharedC, fromNumberToArrayInt64(sharedA, to), fromNumberToArrayInt64(sharedB, from));
	if (rangeSizeArrayIntValue.data[1] === 4294967295) {
		rangeSizeArrayIntValue.data[0] += 1;
		rangeSizeArrayIntValue.data[1] = 0;
	} else rangeSizeArrayIntValue.data[1] += 1;
	uniformArrayIntInternal(rng, sharedData, rangeSizeArrayIntValue.data);
	return sharedData[0] * 4294967296 + sharedData[1] + from;
}
/**
* Uniformly generate random integer values between `from` (included) and `to` (included)
*
* @param rng - Instance of RandomGenerator to extract random values from
* @param from - Lower bound of the range (included)
* @param to - Upper bound of the range (included)
*
* @public
*/
function uniformInt(rng, from, to) {
	const rangeSize = to - from;
	if (rangeSize <= 4294967295) return uniformIntInternal(rng, rangeSize + 1) + from;
	return uniformLargeIntInternal(rng, from, to, rangeSize);
}
//#endregion


;// CONCATENATED MODULE: ./node_modules/pure-rand/lib/esm/generator/xoroshiro128plus.js
//#region src/generator/xoroshiro128plus.ts
const jumps = [
	3639956645,
	3750757012,
	1261568508,
	386426335
];
var XoroShiro128Plus = class XoroShiro128Plus {
	constructor(s01, s00, s11, s10) {
		this.s01 = s01;
		this.s00 = s00;
		this.s11 = s11;
		this.s10 = s10;
	}
	clone() {
		return new XoroShiro128Plus(this.s01, this.s00, this.s11, this.s10);
	}
	next() {
		const out = this.s00 + this.s10 | 0;
		const a0 = this.s10 ^ this.s00;
		const a1 = this.s11 ^ this.s01;
		const s00 = this.s00;
		const s01 = this.s01;
		this.s00 = s00 << 24 ^ s01 >>> 8 ^ a0 ^ a0 << 16;
		this.s01 = s01 << 24 ^ s00 >>> 8 ^ a1 ^ (a1 << 16 | a0 >>> 16);
		this.s10 = a1 << 5 ^ a0 >>> 27;
		this.s11 = a0 << 5 ^ a1 >>> 27;
		return out;
	}
	jump() {
		let ns01 = 0;
		let ns00 = 0;
		let ns11 = 0;
		let ns10 = 0;
		let s01 = this.s01;
		let s00 = this.s00;
		let s11 = this.s11;
		let s10 = this.s10;
		for (let i = 0; i !== 4; ++i) {
			const ji = jumps[i];
			for (let mask = 1; mask; mask <<= 1) {
				if (ji & mask) {
					ns01 ^= s01;
					ns00 ^= s00;
					ns11 ^= s11;
					ns10 ^= s10;
				}
				const a0 = s10 ^ s00;
				const a1 = s11 ^ s01;
				const s00_ = s00;
				const s01_ = s01;
				s00 = s00_ << 24 ^ s01_ >>> 8 ^ a0 ^ a0 << 16;
				s01 = s01_ << 24 ^ s00_ >>> 8 ^ a1 ^ (a1 << 16 | a0 >>> 16);
				s10 = a1 << 5 ^ a0 >>> 27;
				s11 = a0 << 5 ^ a1 >>> 27;
			}
		}
		this.s01 = ns01;
		this.s00 = ns00;
		this.s11 = ns11;
		this.s10 = ns10;
	}
	getState() {
		return [
			this.s01,
			this.s00,
			this.s11,
			this.s10
		];
	}
};
function xoroshiro128plusFromState(state) {
	if (!(state.length === 4)) throw new Error("The state must have been produced by a xoroshiro128plus RandomGenerator");
	return new XoroShiro128Plus(state[0], state[1], state[2], state[3]);
}
function xoroshiro128plus(seed) {
	return new XoroShiro128Plus(-1, ~seed, seed | 0, 0);
}
//#endregion


;// CONCATENATED MODULE: ./src/metrics/random.ts
/**
 * The one pseudo-random generator used for statistics (bootstrap resampling, SPEC §8).
 *
 * Generator: xoroshiro128+ from pure-rand 8, seeded with a 32-bit value. Every bootstrap
 * cell — (metric name, model, second model or '', condition, scope) — gets its own
 * stream, seeded from a SHA-256 of the run seed and the cell's names, so adding a model,
 * a condition or a split never shifts the draws of another cell, and computing cells in
 * any order gives the same numbers. Indices are drawn with pure-rand's unbiased
 * (rejection-sampling) `uniformInt`.
 */



/** Recorded in the manifest: which generator produced every bootstrap draw. */
const PRNG_NAME = 'xoroshiro128plus (pure-rand 8)';
/** Recorded in the manifest: how each cell's stream is seeded and how indices are drawn. */
const STREAM_DERIVATION = "seed32 = first 4 bytes, big-endian uint32, of SHA-256(UTF-8([String(seed), metric, model, second model or '', condition or '', scope].join('\\u0000'))); " +
    'rng = xoroshiro128plus(seed32); index in [0, n) = uniformInt(rng, 0, n - 1) (unbiased rejection sampling)';
/** Largest n accepted by `nextIndex` (pure-rand draws from one 32-bit output below this). */
const MAX_RANGE = 0x1_0000_0000;
/** `[metric, model, secondModel ?? '', condition ?? '', scope]` — the `parts` for a cell. */
function cellParts(cell) {
    return [cell.metric, cell.model, cell.secondModel ?? '', cell.condition ?? '', cell.scope];
}
/**
 * 32-bit seed of one stream: the first 4 bytes (big-endian, as an unsigned integer) of
 * SHA-256 over the UTF-8 of `[String(seed), ...parts].join('\u0000')`. pure-rand reduces
 * the seed to int32 itself, so the unsigned and the `| 0` forms seed identical streams.
 */
function streamSeed(seed, parts) {
    const digest = (0,external_node_crypto_.createHash)('sha256').update([String(seed), ...parts].join('\u0000'), 'utf8').digest();
    return digest.readUInt32BE(0);
}
/**
 * A fresh, independent index stream for one cell (see `streamSeed`). Throws a RangeError
 * when `nextIndex` is asked for a range that is not a positive integer ≤ 2^32.
 */
function createStream(seed, parts) {
    const rng = xoroshiro128plus(streamSeed(seed, parts));
    return {
        nextIndex(n) {
            // No global lookups here (Number.isInteger, …): this is the bootstrap's innermost call,
            // and globals are slow inside sandboxed contexts such as jest's.
            if (!(n >= 1 && n <= MAX_RANGE && n % 1 === 0))
                throw new RangeError(`nextIndex needs a positive integer range ≤ 2^32, got ${n}`);
            return uniformInt(rng, 0, n - 1);
        }
    };
}

;// CONCATENATED MODULE: ./src/metrics/bootstrap.ts




function checkIterations(iterations) {
    if (!(Number.isInteger(iterations) && iterations >= 1))
        throw new RangeError(`bootstrap iterations must be a positive integer, got ${iterations}`);
}
/** The resample means as a Float64Array (the tight loop behind `bootstrapMean`). */
function bootstrapMeans(values, iterations, stream) {
    checkIterations(iterations);
    const n = values.length;
    if (n === 0)
        throw new RangeError('cannot bootstrap an empty sample');
    const x = Float64Array.from(values);
    const means = new Float64Array(iterations);
    for (let it = 0; it < iterations; it++) {
        let sum = 0;
        for (let k = 0; k < n; k++)
            sum += x[stream.nextIndex(n)];
        means[it] = sum / n;
    }
    return means;
}
/**
 * `iterations` bootstrap resample means of `values`: each iteration draws values.length
 * indices with replacement from `stream` (in order) and records Σ x[index] / n, summed in
 * draw order. Throws a RangeError when `values` is empty or iterations is not a positive
 * integer.
 */
function bootstrapMean(values, iterations, stream) {
    return Array.from(bootstrapMeans(values, iterations, stream));
}
/**
 * Percentile interval at `level` of the bootstrap means of `values`, drawn from the stream
 * of (seed, parts): [p(100·(1 − level)/2), p(100·(1 + level)/2)] over the sorted means.
 * Null when `values` is empty (nothing to resample).
 */
function bootstrapInterval(values, iterations, level, seed, parts) {
    checkIterations(iterations);
    checkLevel(level);
    if (values.length === 0)
        return null;
    const means = bootstrapMeans(values, iterations, createStream(seed, parts)).sort();
    return { low: percentileOfSorted(means, (100 * (1 - level)) / 2), high: percentileOfSorted(means, (100 * (1 + level)) / 2) };
}
/**
 * `bootstrapInterval` as a reported figure, the bounds multiplied by `scale` (100 for pp,
 * 1 for a fraction) after the percentiles are taken. `not_evaluated` (with `emptyReason`,
 * n = 0) when there is nothing to resample — never a zero-width interval.
 */
function intervalFigure(values, options, scale, emptyReason) {
    const bounds = bootstrapInterval(values, options.iterations, options.level, options.seed, options.streamParts);
    const base = { level: options.level, iterations: options.iterations };
    if (bounds === null)
        return { low: null, high: null, ...base, n: 0, status: 'not_evaluated', reason: emptyReason };
    return { low: bounds.low * scale, high: bounds.high * scale, ...base, n: values.length, status: 'ok', reason: null };
}
/** An interval that does not apply here (e.g. an accuracy delta under a destructive condition). */
function intervalNotApplicable(options, reason) {
    return { low: null, high: null, level: options.level, iterations: options.iterations, n: null, status: 'not_applicable', reason };
}
/** Rows ordered by id in code-point order (stable for equal ids): resampling order never depends on input order. */
function byId(rows) {
    return [...rows].sort((a, b) => compareCodePoints(a.id, b.id));
}
/**
 * Bootstrap interval of accuracy (a fraction in [0, 1], not pp) over one model's rows in one
 * scope: per-row correctness 1/0 (a missing row is 0), rows in id code-point order,
 * resampled with replacement. `not_evaluated` when there are no rows.
 */
function accuracyInterval(rows, options) {
    const correct = byId(rows).map((r) => (isCorrect(r) ? 1 : 0));
    return intervalFigure(correct, options, 1, 'no rows in this scope');
}

;// CONCATENATED MODULE: ./src/metrics/comparison.ts



/**
 * A percentage-point figure from integer counts: value = 100 × numerator / denominator,
 * numerator and denominator kept. `not_evaluated` (with `reason`) when the denominator is 0.
 */
function percentagePoints(numerator, denominator, reason) {
    if (denominator === 0)
        return { ...notEvaluated(reason, 0), numerator };
    return { value: (100 * numerator) / denominator, numerator, denominator, status: 'ok', reason: null };
}
/**
 * Compares model A with model B on the same rows (normally: the clean rows of the challenge
 * split). Rows are paired by id; both sides must hold exactly the same ids, each once, or
 * an Error is thrown. difference_pp = 100 × Σ(correct_A − correct_B) / n; the interval
 * resamples the per-id differences (in id code-point order) with the stream named by
 * `options.streamParts`. n = 0 → both figures are `not_evaluated`.
 */
function pairedComparison(a, b, options) {
    const bRows = new Map();
    for (const row of b) {
        if (bRows.has(row.id))
            throw new Error(`paired comparison: id "${row.id}" appears twice for model ${row.model}`);
        bRows.set(row.id, row);
    }
    if (a.length !== b.length)
        throw new Error(`paired comparison: ${a.length} rows against ${b.length} — the ids must match`);
    const seen = new Set();
    const diffs = [];
    let sum = 0;
    for (const rowA of byId(a)) {
        if (seen.has(rowA.id))
            throw new Error(`paired comparison: id "${rowA.id}" appears twice for model ${rowA.model}`);
        seen.add(rowA.id);
        const rowB = bRows.get(rowA.id);
        if (rowB === undefined)
            throw new Error(`paired comparison: id "${rowA.id}" has no row for the second model`);
        const d = (isCorrect(rowA) ? 1 : 0) - (isCorrect(rowB) ? 1 : 0);
        diffs.push(d);
        sum += d;
    }
    const reason = 'no paired rows';
    return {
        difference_pp: percentagePoints(sum, diffs.length, reason),
        interval_pp: intervalFigure(diffs, options, 100, reason)
    };
}

;// CONCATENATED MODULE: ./src/metrics/confusion.ts
/** The prediction a row counts with: null when the row is missing (status not `ok`). */
function predictionOf(row) {
    return row.status === 'ok' ? row.prediction : null;
}
function labelIndex(labels) {
    const index = new Map(labels.map((l, i) => [l, i]));
    return (label, what) => {
        const i = index.get(label);
        if (i === undefined)
            throw new Error(`${what} "${label}" is not one of the labels [${labels.join(', ')}]`);
        return i;
    };
}
function confusion_confusionCounts(rows, labels) {
    const indexOf = labelIndex(labels);
    const matrix = labels.map(() => new Array(labels.length).fill(0));
    const missing = new Array(labels.length).fill(0);
    for (const row of rows) {
        const t = indexOf(row.label, `gold label of row ${row.id}`);
        const predicted = predictionOf(row);
        if (predicted === null)
            missing[t] = missing[t] + 1;
        else {
            const line = matrix[t];
            const p = indexOf(predicted, `prediction of row ${row.id}`);
            line[p] = line[p] + 1;
        }
    }
    return { labels: [...labels], matrix, missing, total: rows.length };
}

;// CONCATENATED MODULE: ./src/metrics/divergence.ts
/**
 * Jensen–Shannon divergence between two categorical distributions given as counts (SPEC §8,
 * shift: language and gold-label distributions, controlled → challenge).
 *   P, Q = the counts normalised over the union of categories (a category absent on one
 *          side has probability 0 there);  M = (P + Q) / 2
 *   JSD = ½ Σ P·log₂(P/M) + ½ Σ Q·log₂(Q/M), with 0·log 0 = 0; it lies in [0, 1]
 * This is the divergence itself: the square of scipy's `jensenshannon(p, q, base=2)`, which
 * returns the distance. Not evaluated when either side has no observations. The figure's
 * numerator is null and its denominator is the comparison side's total (as for PSI).
 */


/** Count each value; e.g. the languages or gold labels of one split's examples. */
function categoryCounts(values) {
    const counts = new Map();
    for (const v of values)
        counts.set(v, (counts.get(v) ?? 0) + 1);
    return counts;
}
function total(counts) {
    let sum = 0;
    for (const [category, c] of counts) {
        if (!(c >= 0) || !Number.isFinite(c))
            throw new Error(`count of "${category}" must be a finite number ≥ 0, got ${c}`);
        sum += c;
    }
    return sum;
}
function jensenShannonDivergence(reference, comparison) {
    const pTotal = total(reference);
    const qTotal = total(comparison);
    if (pTotal === 0 || qTotal === 0)
        return notEvaluated('a side has no observations', Math.min(pTotal, qTotal));
    // Summed in code-point order of the categories, so the result does not depend on map order.
    const categories = [...new Set([...reference.keys(), ...comparison.keys()])].sort(compareCodePoints);
    let sum = 0;
    for (const category of categories) {
        const p = (reference.get(category) ?? 0) / pTotal;
        const q = (comparison.get(category) ?? 0) / qTotal;
        const m = (p + q) / 2;
        if (p > 0)
            sum += p * Math.log(p / m);
        if (q > 0)
            sum += q * Math.log(q / m);
    }
    const value = Math.min(1, Math.max(0, sum / (2 * Math.LN2)));
    return measure(value, qTotal);
}

;// CONCATENATED MODULE: ./src/metrics/f1.ts


function f1FromConfusion(c) {
    const labels = c.labels.map((label, i) => {
        const line = c.matrix[i];
        const tp = line[i];
        const support = line.reduce((a, b) => a + b, 0) + c.missing[i];
        let predicted = 0;
        for (const other of c.matrix)
            predicted += other[i];
        const fp = predicted - tp;
        const fn = support - tp;
        const denominator = 2 * tp + fp + fn;
        const f1 = denominator === 0
            ? { value: 0, numerator: 0, denominator: 0, status: 'ok', reason: 'label neither in gold nor predicted: F1 is 0 by definition' }
            : { value: (2 * tp) / denominator, numerator: 2 * tp, denominator, status: 'ok', reason: null };
        return { label, support, tp, fp, fn, f1 };
    });
    const averaged = labels.filter((l) => l.support > 0);
    const macro = averaged.length === 0
        ? notEvaluated('no rows in this scope')
        : measure(averaged.reduce((sum, l) => sum + l.f1.value, 0) / averaged.length, averaged.length);
    return { macro, averaged: averaged.map((l) => l.label), labels };
}
function f1Scores(rows, labels) {
    return f1FromConfusion(confusionCounts(rows, labels));
}

;// CONCATENATED MODULE: ./src/metrics/ledger.ts



/** In scope (SPEC §7): the clean row is `ok` and, under a targeted objective, its gold is a declared `from`. */
function isInScope(clean, objective, transitions) {
    // Delegates to the rule that set the stored masks, so the two can never disagree.
    return ledgerMasks({
        objective,
        transitions,
        gold: clean.label,
        cleanOk: clean.status === 'ok',
        cleanPrediction: clean.status === 'ok' ? clean.prediction : null,
        attempted: false,
        changed: false,
        valid: false,
        rowOk: false,
        prediction: null
    }).in_scope;
}
function cleanRowOf(cleanRows, row) {
    const clean = cleanRows.get(row.id);
    if (clean === undefined)
        throw new Error(`no clean row for id "${row.id}" (model ${row.model})`);
    if (clean.model !== row.model || clean.condition !== 'clean') {
        throw new Error(`the clean row given for id "${row.id}" is model ${clean.model}, condition ${clean.condition}; expected model ${row.model}, condition clean`);
    }
    return clean;
}
function masksOf(row, inScope) {
    const { eligible, tested, success, uncovered } = row;
    if (eligible === null || tested === null || success === null || uncovered === null) {
        throw new Error(`row "${row.id}" (${row.model}, ${row.condition}) has no ledger masks: pass rows of a non-destructive family`);
    }
    if (eligible && !inScope) {
        throw new Error(`row "${row.id}" (${row.model}, ${row.condition}) is eligible but not in scope: objective or transitions differ from the run's`);
    }
    if (uncovered && row.uncovered_reason === null)
        throw new Error(`row "${row.id}" (${row.model}, ${row.condition}) is uncovered without a reason`);
    return { eligible, tested, success, uncovered, reason: row.uncovered_reason };
}
function byCodePoint(ids) {
    return [...ids].sort(compareCodePoints);
}
function familyLedger(rows, cleanRows, objective, transitions) {
    let inScope = 0;
    let eligible = 0;
    let tested = 0;
    let successes = 0;
    let uncovered = 0;
    const byReason = { unchanged: 0, no_dictionary: 0, invalid: 0, missing: 0 };
    for (const row of rows) {
        const scoped = isInScope(cleanRowOf(cleanRows, row), objective, transitions);
        const m = masksOf(row, scoped);
        if (scoped)
            inScope++;
        if (m.eligible)
            eligible++;
        if (m.tested)
            tested++;
        if (m.tested && m.success)
            successes++;
        if (m.uncovered && m.reason !== null) {
            uncovered++;
            byReason[m.reason]++;
        }
    }
    const robust = tested - successes;
    return {
        rows: rows.length,
        in_scope: figure_count(inScope, rows.length),
        eligible: figure_count(eligible, inScope),
        tested: figure_count(tested, eligible),
        successes: figure_count(successes, tested),
        robust: figure_count(robust, inScope),
        uncovered: figure_count(uncovered, eligible),
        uncovered_by_reason: byReason,
        attack_success: figure_rate(successes, tested, 'no tested rows'),
        eligible_coverage: figure_rate(tested, eligible, 'no eligible rows'),
        robust_accuracy: figure_rate(robust, inScope, 'no rows in scope')
    };
}
function unionLedger(rowsByFamily, cleanRows, objective, transitions) {
    const inScope = new Set();
    const eligible = new Set();
    const tested = new Set();
    const succeeded = new Set();
    const missing = new Set();
    for (const [family, rows] of rowsByFamily) {
        for (const row of rows) {
            if (row.condition !== family)
                throw new Error(`row "${row.id}" is condition ${row.condition}, given as family ${family}`);
            const scoped = isInScope(cleanRowOf(cleanRows, row), objective, transitions);
            const m = masksOf(row, scoped);
            if (scoped)
                inScope.add(row.id);
            if (m.eligible)
                eligible.add(row.id);
            if (m.tested)
                tested.add(row.id);
            if (m.tested && m.success)
                succeeded.add(row.id);
            if (row.status !== 'ok')
                missing.add(row.id);
        }
    }
    let robust = 0;
    for (const id of tested)
        if (!succeeded.has(id) && !missing.has(id))
            robust++;
    return {
        families: [...rowsByFamily.keys()],
        in_scope: figure_count(inScope.size, inScope.size),
        eligible: figure_count(eligible.size, inScope.size),
        tested: figure_count(tested.size, eligible.size),
        successes: figure_count(succeeded.size, tested.size),
        untested: figure_count(eligible.size - tested.size, eligible.size),
        robust: figure_count(robust, inScope.size),
        success_ids: byCodePoint(succeeded),
        union_success: figure_rate(succeeded.size, tested.size, 'no row tested by any family'),
        union_coverage: figure_rate(tested.size, eligible.size, 'no eligible rows'),
        union_robust_accuracy: figure_rate(robust, inScope.size, 'no rows in scope')
    };
}
function perTransition(transitions, pairs) {
    return transitions.map((t) => ({ from: t.from, to: t.to, count: pairs.get(JSON.stringify([t.from, t.to]))?.size ?? 0 }));
}
function addPair(pairs, from, to, id) {
    const key = JSON.stringify([from, to]);
    const ids = pairs.get(key) ?? new Set();
    ids.add(id);
    pairs.set(key, ids);
}
function protectedTransitions(rowsByFamily, cleanRows, transitions) {
    const moved = new Set();
    const testedIds = new Set();
    const pairs = new Map();
    const byFamily = [];
    for (const [family, rows] of rowsByFamily) {
        const own = new Set();
        for (const row of rows) {
            if (row.condition !== family)
                throw new Error(`row "${row.id}" is condition ${row.condition}, given as family ${family}`);
            const clean = cleanRowOf(cleanRows, row);
            const cleanCorrect = clean.status === 'ok' && clean.prediction === clean.label;
            if (row.tested !== true || !cleanCorrect)
                continue;
            testedIds.add(row.id);
            if (row.status === 'ok' && isProtected(transitions, row.label, row.prediction)) {
                moved.add(row.id);
                own.add(row.id);
                addPair(pairs, row.label, row.prediction, row.id);
            }
        }
        byFamily.push({ family, count: own.size });
    }
    const confused = new Set();
    const cleanPairs = new Map();
    for (const clean of cleanRows.values()) {
        if (clean.status === 'ok' && isProtected(transitions, clean.label, clean.prediction)) {
            confused.add(clean.id);
            addPair(cleanPairs, clean.label, clean.prediction, clean.id);
        }
    }
    const none = transitions.length === 0 ? 'no protected transitions are declared' : rowsByFamily.size === 0 ? 'no non-destructive family is configured' : null;
    return {
        protected_transitions: none !== null ? notApplicable(none) : testedIds.size === 0 ? figure_rate(moved.size, 0, 'no row tested by any family') : figure_count(moved.size, testedIds.size),
        ids: byCodePoint(moved),
        by_transition: perTransition(transitions, pairs),
        by_family: byFamily,
        clean_confusions: transitions.length === 0 ? notApplicable('no protected transitions are declared') : figure_count(confused.size, cleanRows.size),
        clean_confusion_ids: byCodePoint(confused),
        clean_by_transition: perTransition(transitions, cleanPairs)
    };
}

;// CONCATENATED MODULE: ./src/metrics/reliability.ts


const RELIABILITY_BINS = 8;
function reliabilityBin(p) {
    return Math.max(0, Math.min(Math.floor(RELIABILITY_BINS * p), RELIABILITY_BINS - 1));
}
/** The top-class probability of a row, or null when the row is missing. */
function topProbability(row) {
    if (row.status !== 'ok' || row.scores === null || row.scores.length === 0)
        return null;
    return Math.max(...row.scores);
}
function reliability(rows) {
    const sums = new Array(RELIABILITY_BINS).fill(0);
    const sizes = new Array(RELIABILITY_BINS).fill(0);
    const correct = new Array(RELIABILITY_BINS).fill(0);
    let missing = 0;
    for (const row of rows) {
        const p = topProbability(row);
        if (p === null) {
            missing++;
            continue;
        }
        const b = reliabilityBin(p);
        sums[b] = sums[b] + p;
        sizes[b] = sizes[b] + 1;
        if (isCorrect(row))
            correct[b] = correct[b] + 1;
    }
    const n = rows.length - missing;
    let ece = 0;
    const bins = sizes.map((size, b) => {
        const lower = b / RELIABILITY_BINS;
        const upper = (b + 1) / RELIABILITY_BINS;
        if (size === 0)
            return { bin: b, lower, upper, n: 0, correct: 0, mean_probability: null, accuracy: null };
        const mean = sums[b] / size;
        const acc = correct[b] / size;
        ece += (size / n) * Math.abs(mean - acc);
        return { bin: b, lower, upper, n: size, correct: correct[b], mean_probability: mean, accuracy: acc };
    });
    return {
        ece: n === 0 ? notEvaluated('no rows with probabilities in this scope') : measure(ece, n),
        missing: figure_count(missing, rows.length),
        bins
    };
}

;// CONCATENATED MODULE: ./src/metrics/robustness.ts




const DESTRUCTIVE_REASON = 'destructive condition: the gold label may no longer hold';
const NO_VALID_CHANGED = 'no changed and valid rows';
/** A prediction that differs from the clean one; a missing row on either side has none (null). */
function flipped(row, clean) {
    const transformed = row.status === 'ok' ? row.prediction : null;
    const original = clean.status === 'ok' ? clean.prediction : null;
    return transformed === null || transformed !== original;
}
/**
 * Figures for one model × perturbed condition × scope. `rows` are that cell's rows;
 * `cleanRows` maps id → the same model's clean row (needed for every id in C; an Error
 * otherwise, as it is for rows of mixed models or conditions).
 *   changed = |changed| of N; coverage = |changed| / N; valid_changed = |C| of N;
 *   invalid = |changed ∧ valid ≠ true| of |changed|;
 *   flips = rows in C with prediction ≠ clean prediction (a missing transformed row always
 *   flips); flip_rate = flips / N; changed_flip_rate = flips / |C|;
 *   modified_accuracy = correct transformed in C / |C|; matched_accuracy = correct clean on
 *   the same ids / |C|; accuracy_delta_pp = 100 × (correct_transformed − correct_clean) / |C|;
 *   delta_interval_pp = bootstrap percentile interval (× 100) of the mean of the per-id
 *   differences correct_transformed − correct_clean over C, ids in code-point order.
 * Not evaluated: a rate whose denominator is 0 (N = 0, or |C| = 0 for changed_flip_rate,
 * the accuracies, the delta and its interval). Not applicable when `destructive`: the two
 * accuracies, the delta and its interval; flips and flip rates are still reported.
 */
function conditionFigures(rows, cleanRows, options) {
    const first = rows[0];
    if (first !== undefined && first.condition === 'clean')
        throw new Error('conditionFigures needs the rows of a perturbed condition, not clean');
    let changed = 0;
    let invalid = 0;
    let flips = 0;
    let correctTransformed = 0;
    let correctClean = 0;
    const diffs = [];
    for (const row of rows) {
        if (first !== undefined && (row.model !== first.model || row.condition !== first.condition)) {
            throw new Error(`conditionFigures: rows mix ${first.model}/${first.condition} with ${row.model}/${row.condition}`);
        }
        if (!row.changed)
            continue;
        changed++;
        if (row.valid !== true) {
            invalid++;
            continue;
        }
        const clean = cleanRows.get(row.id);
        if (clean === undefined)
            throw new Error(`conditionFigures: no clean row for id "${row.id}" of model ${row.model}`);
        if (clean.condition !== 'clean' || clean.model !== row.model) {
            throw new Error(`conditionFigures: the clean row for id "${row.id}" is ${clean.model}/${clean.condition}, expected ${row.model}/clean`);
        }
        if (flipped(row, clean))
            flips++;
        const t = isCorrect(row) ? 1 : 0;
        const c = isCorrect(clean) ? 1 : 0;
        correctTransformed += t;
        correctClean += c;
        diffs.push({ id: row.id, d: t - c });
    }
    const n = rows.length;
    const validChanged = diffs.length;
    const base = {
        changed: figure_count(changed, n),
        coverage: figure_rate(changed, n, 'no rows in this scope'),
        valid_changed: figure_count(validChanged, n),
        invalid: figure_count(invalid, changed),
        flips: figure_count(flips, validChanged),
        flip_rate: figure_rate(flips, n, 'no rows in this scope'),
        changed_flip_rate: figure_rate(flips, validChanged, NO_VALID_CHANGED)
    };
    if (options.destructive) {
        return {
            ...base,
            modified_accuracy: notApplicable(DESTRUCTIVE_REASON),
            matched_accuracy: notApplicable(DESTRUCTIVE_REASON),
            accuracy_delta_pp: notApplicable(DESTRUCTIVE_REASON),
            delta_interval_pp: intervalNotApplicable(options, DESTRUCTIVE_REASON)
        };
    }
    return {
        ...base,
        modified_accuracy: figure_rate(correctTransformed, validChanged, NO_VALID_CHANGED),
        matched_accuracy: figure_rate(correctClean, validChanged, NO_VALID_CHANGED),
        accuracy_delta_pp: percentagePoints(correctTransformed - correctClean, validChanged, NO_VALID_CHANGED),
        delta_interval_pp: intervalFigure(byId(diffs).map((x) => x.d), options, 100, NO_VALID_CHANGED)
    };
}

;// CONCATENATED MODULE: ./src/metrics/selective.ts


function riskCoverageOf(items) {
    const n = items.length;
    const ranked = items.filter((i) => i.margin !== null).sort((a, b) => b.margin - a.margin);
    const missing = n - ranked.length;
    // Tie blocks as (size, errors), in rank order; the missing rows are the last block.
    const blocks = [];
    let previous = null;
    for (const item of ranked) {
        if (previous === null || item.margin !== previous)
            blocks.push({ size: 0, errors: 0 });
        const block = blocks[blocks.length - 1];
        block.size++;
        if (!item.correct)
            block.errors++;
        previous = item.margin;
    }
    if (missing > 0)
        blocks.push({ size: missing, errors: missing });
    const curve = [];
    let position = 0;
    let errorsBefore = 0;
    let riskSum = 0;
    for (const { size, errors } of blocks) {
        for (let j = 1; j <= size; j++) {
            const k = position + j;
            const risk = (errorsBefore + (j * errors) / size) / k;
            riskSum += risk;
            curve.push({ k, coverage: k / n, risk });
        }
        position += size;
        errorsBefore += errors;
    }
    return {
        n,
        errors: errorsBefore,
        missing,
        aurc: n === 0 ? notEvaluated('no rows in this scope') : measure(riskSum / n, n),
        curve
    };
}
/** The curve of one model's clean rows in a scope, ranked by `clean_margin`. */
function riskCoverage(rows) {
    return riskCoverageOf(rows.map((row) => {
        const margin = row.status === 'ok' ? row.clean_margin : null;
        return { margin, correct: margin !== null && isCorrect(row) };
    }));
}

;// CONCATENATED MODULE: ./src/metrics/shift.ts
/**
 * Length shift between two splits (SPEC §8): Population Stability Index on the number of
 * unique lowercase token types per text, tokens being maximal runs of letters and digits.
 *   bins [0,5) [5,10) [10,15) [15,20) [20,30) [30,50) [50,100001), larger values in the last
 *   p_i = reference proportion, q_i = comparison proportion, each floored at 1e-4
 *   PSI = Σ_i (q_i − p_i) · ln(q_i / p_i)
 * Not evaluated when either side has no texts.
 */

const PSI_EDGES = [0, 5, 10, 15, 20, 30, 50, 100001];
const PSI_FLOOR = 1e-4;
const TOKEN = /[\p{L}\p{N}]+/gu;
function uniqueTokenTypes(text) {
    return new Set(text.toLowerCase().match(TOKEN) ?? []).size;
}
function psiBin(value) {
    for (let i = PSI_EDGES.length - 2; i >= 0; i--)
        if (value >= PSI_EDGES[i])
            return i;
    return 0;
}
function histogram(values) {
    const bins = new Array(PSI_EDGES.length - 1).fill(0);
    for (const v of values)
        bins[psiBin(v)] = bins[psiBin(v)] + 1;
    return bins;
}
function psi(reference, comparison) {
    if (reference.length === 0 || comparison.length === 0)
        return notEvaluated('a split has no texts', Math.min(reference.length, comparison.length));
    const p = histogram(reference);
    const q = histogram(comparison);
    let total = 0;
    for (let i = 0; i < p.length; i++) {
        const pi = Math.max(p[i] / reference.length, PSI_FLOOR);
        const qi = Math.max(q[i] / comparison.length, PSI_FLOOR);
        total += (qi - pi) * Math.log(qi / pi);
    }
    return measure(total, comparison.length);
}

;// CONCATENATED MODULE: ./src/util/fraction.ts
/** The decimal a finite double prints as (shortest round-trip), as an exact fraction. */
function fractionOf(x) {
    if (!Number.isFinite(x))
        throw new Error(`not a finite number: ${x}`);
    const text = String(x);
    const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(text);
    if (!match)
        throw new Error(`cannot read ${text} as a decimal`);
    const [, sign, int, frac = '', exp = '0'] = match;
    let num = BigInt(`${int}${frac}`);
    let den = 10n ** BigInt(frac.length);
    const e = Number(exp);
    if (e > 0)
        num *= 10n ** BigInt(e);
    else if (e < 0)
        den *= 10n ** BigInt(-e);
    return { num: sign === '-' ? -num : num, den };
}
function fraction(num, den) {
    const n = BigInt(num);
    const d = BigInt(den);
    if (d === 0n)
        throw new Error('zero denominator');
    return d < 0n ? { num: -n, den: -d } : { num: n, den: d };
}
/** Sign of a − b. */
function compareFractions(a, b) {
    const l = a.num * b.den;
    const r = b.num * a.den;
    return l < r ? -1 : l > r ? 1 : 0;
}

;// CONCATENATED MODULE: ./src/metrics/gap.ts
/**
 * Generalization gap (SPEC §8) in percentage points: 100 × (controlled accuracy − challenge
 * accuracy). Not applicable without both splits; not evaluated when either accuracy is.
 * `gapFraction` gives the same difference exactly, for the gate.
 */


function ratio(f) {
    if (f.status !== 'ok' || f.numerator === null || !f.denominator)
        return null;
    return fraction(f.numerator, f.denominator);
}
function gapFraction(reference, challenge) {
    const r = reference && ratio(reference);
    const c = challenge && ratio(challenge);
    if (!r || !c)
        return null;
    return fraction(100n * (r.num * c.den - c.num * r.den), r.den * c.den);
}
function generalizationGap(reference, challenge) {
    if (!reference || !challenge)
        return notApplicable('needs both a "controlled" and a "challenge" split');
    if (reference.status !== 'ok' || challenge.status !== 'ok' || reference.value === null || challenge.value === null) {
        return notEvaluated('an accuracy was not evaluated', null);
    }
    // One division of integers (as SPEC §8 asks of pp figures), not a difference of two rounded rates.
    const exact = gapFraction(reference, challenge);
    // A difference of two rates has no single numerator; the denominator is the challenge size.
    return { value: Number(exact.num) / Number(exact.den), numerator: null, denominator: challenge.denominator, status: 'ok', reason: null };
}

;// CONCATENATED MODULE: ./src/metrics/build.ts
/**
 * metrics.json (SPEC §7–§8): every figure, for every model × condition × scope, each with
 * its counts. A pure function of the evidence rows plus the run facts recorded in the
 * manifest (labels, objective, seeds, data-level facts), so it can be recomputed later
 * from the artifact alone (SPEC §14).
 */

















const METRICS_SCHEMA_VERSION = 1;
const CHALLENGE_SPLIT = 'challenge';
const REFERENCE_SPLIT = 'controlled';
const ALL = 'all';
/** Rows grouped once: model → condition → rows, each in evidence order. */
function groupRows(rows) {
    const out = new Map();
    for (const row of rows) {
        const byCondition = out.get(row.model) ?? new Map();
        const list = byCondition.get(row.condition) ?? [];
        list.push(row);
        byCondition.set(row.condition, list);
        out.set(row.model, byCondition);
    }
    return out;
}
function dataFigures(facts) {
    const hasChallenge = facts.splits.includes(CHALLENGE_SPLIT);
    const hasReference = facts.splits.includes(REFERENCE_SPLIT);
    const challengeRows = facts.rows[CHALLENGE_SPLIT] ?? 0;
    const total = facts.splits.reduce((n, s) => n + (facts.rows[s] ?? 0), 0);
    const bothSplits = `needs both a "${REFERENCE_SPLIT}" and a "${CHALLENGE_SPLIT}" split`;
    const counts = (m) => new Map(Object.entries(m ?? {}));
    return {
        rows: facts.rows,
        challenge_examples: hasChallenge ? figure_count(challengeRows, total) : notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`),
        language_examples: facts.languages.map((language) => ({
            scope: `${CHALLENGE_SPLIT}/${language}`,
            split: CHALLENGE_SPLIT,
            language,
            figure: !hasChallenge
                ? notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`)
                : !facts.hasLanguage
                    ? notApplicable('the data has no language column')
                    : figure_count(facts.languageRows[CHALLENGE_SPLIT]?.[language] ?? 0, challengeRows)
        })),
        length_psi: hasChallenge && hasReference ? psi(facts.tokenTypes[REFERENCE_SPLIT] ?? [], facts.tokenTypes[CHALLENGE_SPLIT] ?? []) : notApplicable(bothSplits),
        language_jsd: hasChallenge && hasReference
            ? facts.hasLanguage
                ? jensenShannonDivergence(counts(facts.languageRows[REFERENCE_SPLIT]), counts(facts.languageRows[CHALLENGE_SPLIT]))
                : notApplicable('the data has no language column')
            : notApplicable(bothSplits),
        label_jsd: hasChallenge && hasReference ? jensenShannonDivergence(counts(facts.labelRows[REFERENCE_SPLIT]), counts(facts.labelRows[CHALLENGE_SPLIT])) : notApplicable(bothSplits),
        train_overlap: facts.overlap
    };
}
function scopes(facts, withLanguages) {
    const list = [{ scope: ALL, split: null, language: null, keep: () => true }];
    for (const split of facts.splits) {
        list.push({ scope: split, split, language: null, keep: (r) => r.split === split });
        if (!withLanguages)
            continue;
        for (const language of facts.languages) {
            list.push({ scope: `${split}/${language}`, split, language, keep: (r) => r.split === split && r.language === language });
        }
    }
    return list;
}
const LABEL_ONLY = 'label-only model: it returns no scores, so there is no margin';
function noMargin(n) {
    return { n, errors: 0, missing: 0, aurc: notEvaluated(LABEL_ONLY, n), curve: [] };
}
function modelMetrics(model, byCondition, facts, run) {
    const name = model.name;
    const clean = byCondition.get('clean') ?? [];
    const options = (metric, condition, scope, iterations = run.bootstrapIterations) => ({
        iterations,
        level: run.interval,
        seed: run.seed,
        streamParts: cellParts({ metric, model: name, condition, scope })
    });
    const classification = scopes(facts, true).map((s) => {
        const rows = clean.filter(s.keep);
        const confusion = confusion_confusionCounts(rows, run.labels);
        const f1 = f1FromConfusion(confusion);
        return {
            scope: s.scope,
            split: s.split,
            language: s.language,
            accuracy: accuracy(rows),
            accuracy_interval: accuracyInterval(rows, options('accuracy', 'clean', s.scope)),
            macro_f1: f1.macro,
            per_label: f1.labels,
            confusion
        };
    });
    const accuracyOf = (split) => classification.find((c) => c.split === split && c.language === null)?.accuracy;
    const robustness = [];
    const ledger = [];
    const union = [];
    const transitions = [];
    const selective = [];
    const calibration = [];
    const abstained = [];
    // A label-only external model returns no scores: no margin, so no risk–coverage or abstention.
    const labelOnly = clean.some((r) => r.status === 'ok' && r.scores === null);
    const policy = labelOnly ? undefined : run.abstainBelow[name];
    const accounted = [];
    for (const s of scopes(facts, false)) {
        const cleanInScope = clean.filter(s.keep);
        const cleanById = new Map(cleanInScope.map((r) => [r.id, r]));
        const families = new Map();
        if (policy)
            abstained.push({ condition: 'clean', scope: s.scope, ...abstention(cleanInScope, policy) });
        for (const condition of run.conditions) {
            if (condition === 'clean')
                continue;
            const rows = (byCondition.get(condition) ?? []).filter(s.keep);
            robustness.push({ condition, scope: s.scope, ...conditionFigures(rows, cleanById, { ...options('accuracy_delta', condition, s.scope), destructive: condition === 'truncate' }) });
            if (isAttackFamily(condition)) {
                families.set(condition, rows);
                ledger.push({ family: condition, scope: s.scope, ...familyLedger(rows, cleanById, run.objective, run.transitions) });
            }
            if (policy && condition !== 'truncate')
                abstained.push({ condition, scope: s.scope, ...abstention(rows, policy) });
            if (run.task === 'tabular')
                accounted.push({ condition, scope: s.scope, ...accounting(rows, cleanById) });
        }
        if (families.size > 0) {
            union.push({ scope: s.scope, ...unionLedger(families, cleanById, run.objective, run.transitions) });
            transitions.push({ scope: s.scope, ...protectedTransitions(families, cleanById, run.transitions) });
        }
        selective.push({ scope: s.scope, ...(labelOnly ? noMargin(cleanInScope.length) : riskCoverage(cleanInScope)) });
        if (model.probabilities)
            calibration.push({ scope: s.scope, ...reliability(cleanInScope) });
    }
    return {
        model: name,
        probabilities: model.probabilities,
        label_only: labelOnly,
        missing_rows: missingRows([...byCondition.values()].flat()),
        accuracy: classification.map((c) => ({ scope: c.scope, split: c.split, language: c.language, figure: c.accuracy })),
        classification,
        generalization_gap_pp: generalizationGap(accuracyOf(REFERENCE_SPLIT), accuracyOf(CHALLENGE_SPLIT)),
        robustness,
        ledger,
        union,
        protected_transitions: transitions,
        selective,
        reliability: model.probabilities ? calibration : null,
        abstention: policy ? abstained : null,
        ...(run.task === 'tabular' ? { accounting: accounted, worked_examples: workedExamples(byCondition.get('fgm') ?? []) } : {})
    };
}
function buildMetrics(rows, facts, run) {
    const grouped = groupRows(rows);
    const models = run.models.map((m) => modelMetrics(m, grouped.get(m.name) ?? new Map(), facts, run));
    const comparisons = [];
    if (facts.splits.includes(CHALLENGE_SPLIT)) {
        const challengeClean = (name) => (grouped.get(name)?.get('clean') ?? []).filter((r) => r.split === CHALLENGE_SPLIT);
        run.models.forEach((a, i) => {
            for (const b of run.models.slice(i + 1)) {
                comparisons.push({
                    model_a: a.name,
                    model_b: b.name,
                    split: CHALLENGE_SPLIT,
                    ...pairedComparison(challengeClean(a.name), challengeClean(b.name), {
                        iterations: run.pairedIterations,
                        level: run.interval,
                        seed: run.seed,
                        streamParts: cellParts({ metric: 'paired_comparison', model: a.name, secondModel: b.name, scope: CHALLENGE_SPLIT })
                    })
                });
            }
        });
    }
    return {
        schema_version: METRICS_SCHEMA_VERSION,
        task: run.task,
        attack_families: run.task === 'tabular' ? ['fgm'] : ['format', 'transpose', 'dictionary', 'append'],
        labels: [...run.labels],
        conditions_evaluated: run.conditions,
        prng: { name: PRNG_NAME, derivation: STREAM_DERIVATION, seed: run.seed },
        data: dataFigures(facts),
        models,
        comparisons
    };
}
function findAccuracy(metrics, split, language = null) {
    return metrics.accuracy.find((s) => s.split === split && s.language === language)?.figure;
}

;// CONCATENATED MODULE: ./src/gate/check.ts

function passes(direction, value, threshold) {
    const sign = typeof value === 'number' ? Math.sign(value - threshold) : compareFractions(value, fractionOf(threshold));
    return direction === 'min' ? sign >= 0 : sign <= 0;
}
function decideCheck(spec) {
    const { figure } = spec;
    let status;
    if (figure.status === 'not_applicable')
        status = 'not_applicable';
    else if (figure.status === 'not_evaluated' || figure.value === null)
        status = 'not_evaluated';
    else
        status = passes(spec.direction, spec.exact ?? figure.value, spec.threshold.value) ? 'pass' : 'fail';
    const qualifier = spec.qualifier ?? null;
    return {
        id: [spec.check, spec.subject, ...(qualifier === null ? [] : [qualifier])].join('/'),
        check: spec.check,
        subject: spec.subject,
        qualifier,
        scope: spec.scope,
        value: figure.value,
        numerator: figure.numerator,
        denominator: figure.denominator,
        direction: spec.direction,
        threshold: spec.threshold.value,
        config_key: spec.threshold.configKey,
        config_line: spec.threshold.line,
        threshold_is_default: spec.threshold.isDefault,
        status,
        judged: spec.judged ?? true,
        reason: figure.reason
    };
}
/** Exact fraction of a ratio figure (numerator / denominator). */
function ratioOf(figure) {
    if (figure.status !== 'ok' || figure.numerator === null || !figure.denominator)
        return null;
    return fraction(figure.numerator, figure.denominator);
}

;// CONCATENATED MODULE: ./src/gate/checks.ts





const CHECKS_SCHEMA_VERSION = 1;
/** The threshold for a family: `gate.families.<family>.<key>`, else the built-in family default, else `gate.<key>`. */
function familyThreshold(gate, family, key) {
    return gate.families[family]?.[key] ?? gate.thresholds[key];
}
const NOT_CONFIGURED = (family) => notApplicable(`the ${family} family is not configured in threat_model.attacks`);
const NO_FAMILY = 'no attack family is configured';
function familyChecks(m, families, gate, judged) {
    const specs = [];
    for (const family of families) {
        const robust = m.robustness.find((r) => r.condition === family && r.scope === ALL);
        const ledger = m.ledger.find((l) => l.family === family && l.scope === ALL);
        const base = { subject: m.model, qualifier: family, scope: ALL, judged };
        const delta = robust?.accuracy_delta_pp;
        // Deterioration is the negated delta: a drop of 5 pp is +5.
        const drop = delta && (delta.status === 'ok' ? { ...delta, value: -delta.value, numerator: -delta.numerator } : delta);
        specs.push({ ...base, check: 'changed_examples', key: 'min_changed_examples', direction: 'min', threshold: familyThreshold(gate, family, 'min_changed_examples'), figure: robust?.valid_changed ?? NOT_CONFIGURED(family) }, { ...base, check: 'flip_rate', key: 'max_flip_rate', direction: 'max', threshold: familyThreshold(gate, family, 'max_flip_rate'), figure: robust?.changed_flip_rate ?? NOT_CONFIGURED(family), exact: robust && ratioOf(robust.changed_flip_rate) }, {
            ...base,
            check: 'accuracy_drop',
            key: 'max_accuracy_drop_pp',
            direction: 'max',
            threshold: familyThreshold(gate, family, 'max_accuracy_drop_pp'),
            figure: drop ?? NOT_CONFIGURED(family),
            exact: drop && drop.status === 'ok' ? fraction(100 * drop.numerator, drop.denominator) : null
        }, { ...base, check: 'eligible_coverage', key: 'min_eligible_coverage', direction: 'min', threshold: familyThreshold(gate, family, 'min_eligible_coverage'), figure: ledger?.eligible_coverage ?? NOT_CONFIGURED(family), exact: ledger && ratioOf(ledger.eligible_coverage) }, { ...base, check: 'attack_success', key: 'max_attack_success', direction: 'max', threshold: familyThreshold(gate, family, 'max_attack_success'), figure: ledger?.attack_success ?? NOT_CONFIGURED(family), exact: ledger && ratioOf(ledger.attack_success) });
    }
    const union = m.union.find((u) => u.scope === ALL);
    const noFamily = notApplicable(NO_FAMILY);
    const t = gate.thresholds;
    specs.push({ subject: m.model, qualifier: 'union', scope: ALL, judged, check: 'eligible_coverage', key: 'min_eligible_coverage', direction: 'min', threshold: t.min_eligible_coverage, figure: union?.union_coverage ?? noFamily, exact: union && ratioOf(union.union_coverage) }, { subject: m.model, qualifier: 'union', scope: ALL, judged, check: 'attack_success', key: 'max_attack_success', direction: 'max', threshold: t.max_attack_success, figure: union?.union_success ?? noFamily, exact: union && ratioOf(union.union_success) });
    const protectedFigure = m.protected_transitions.find((p) => p.scope === ALL)?.protected_transitions ?? noFamily;
    specs.push({ subject: m.model, scope: ALL, judged, check: 'protected_transitions', key: 'max_protected_transitions', direction: 'max', threshold: t.max_protected_transitions, figure: protectedFigure, exact: protectedFigure.status === 'ok' ? fraction(protectedFigure.numerator, 1) : null });
    return specs;
}
function evaluateGate(metrics, gate) {
    const t = gate.thresholds;
    const specs = [];
    const d = metrics.data;
    specs.push({ check: 'challenge_examples', key: 'min_challenge_examples', subject: 'data', scope: CHALLENGE_SPLIT, direction: 'min', threshold: t.min_challenge_examples, figure: d.challenge_examples });
    for (const lang of d.language_examples) {
        specs.push({ check: 'language_examples', key: 'min_language_examples', subject: 'data', qualifier: lang.language, scope: lang.scope, direction: 'min', threshold: t.min_language_examples, figure: lang.figure });
    }
    specs.push({ check: 'length_psi', key: 'max_length_psi', subject: 'data', scope: `${REFERENCE_SPLIT} vs ${CHALLENGE_SPLIT}`, direction: 'max', threshold: t.max_length_psi, figure: d.length_psi });
    const hasChallenge = d.challenge_examples.status !== 'not_applicable';
    for (const m of metrics.models) {
        const judged = gate.models.includes(m.model);
        const challenge = findAccuracy(m, CHALLENGE_SPLIT) ?? notApplicable(`no "${CHALLENGE_SPLIT}" split is configured`);
        specs.push({ check: 'challenge_accuracy', key: 'min_challenge_accuracy', subject: m.model, scope: CHALLENGE_SPLIT, direction: 'min', threshold: t.min_challenge_accuracy, figure: challenge, exact: ratioOf(challenge), judged });
        specs.push({
            check: 'generalization_gap',
            key: 'max_generalization_gap_pp',
            subject: m.model,
            scope: `${REFERENCE_SPLIT} vs ${CHALLENGE_SPLIT}`,
            direction: 'max',
            threshold: t.max_generalization_gap_pp,
            figure: m.generalization_gap_pp,
            exact: gapFraction(findAccuracy(m, REFERENCE_SPLIT), findAccuracy(m, CHALLENGE_SPLIT)),
            judged
        });
        for (const lang of d.language_examples) {
            const language = lang.language;
            const figure = lang.figure.status === 'not_applicable' || !hasChallenge ? lang.figure : (findAccuracy(m, CHALLENGE_SPLIT, language) ?? notApplicable('no such slice'));
            specs.push({ check: 'language_accuracy', key: 'min_language_accuracy', subject: m.model, qualifier: language, scope: lang.scope, direction: 'min', threshold: t.min_language_accuracy, figure, exact: ratioOf(figure), judged });
        }
        specs.push(...familyChecks(m, metrics.attack_families, gate, judged));
        specs.push({ check: 'missing_rows', key: 'max_missing_rows', subject: m.model, scope: ALL, direction: 'max', threshold: t.max_missing_rows, figure: m.missing_rows, judged });
    }
    const checks = specs.map(decideCheck);
    const counts = { pass: 0, fail: 0, not_evaluated: 0, not_applicable: 0 };
    for (const c of checks)
        counts[c.status]++;
    const blocking = checks.filter((c) => c.judged && (c.status === 'fail' || (c.status === 'not_evaluated' && !gate.allowNotEvaluated)));
    return {
        schema_version: CHECKS_SCHEMA_VERSION,
        verdict: blocking.length === 0 ? 'pass' : 'fail',
        allow_not_evaluated: gate.allowNotEvaluated,
        counts,
        failing: blocking.map((c) => c.id),
        checks
    };
}

;// CONCATENATED MODULE: ./src/models/external/contract.ts
/**
 * The user's own classifier behind a JSONL command protocol (SPEC §10), as the engine sees it.
 * The command starts once from the repository root with a minimal environment; requests go to
 * its stdin, responses come back on its stdout, one JSON object per line:
 *   request:  {"id": "r1", "text": "…"}            or {"id": "r1", "features": {"x1": 0.1, …}}
 *   response: {"id": "r1", "scores": {"label": n, …}} (every training label, finite numbers)
 *          or {"id": "r1", "label": "…"}             (label-only: margin-based figures not evaluated)
 */
const PROTOCOL_VERSION = 1;

;// CONCATENATED MODULE: ./src/models/external/environment.ts
/**
 * The environment of an external model: PATH, HOME and LANG when set, plus the names the config
 * passes through — never the runner's token or the action's internals (GITHUB_TOKEN, ACTIONS_*,
 * INPUT_*), even when listed.
 */
const BASE_ENV_NAMES = ['PATH', 'HOME', 'LANG'];
const NEVER_PASSED = /^(GITHUB_TOKEN|ACTIONS_.*|INPUT_.*)$/i;
function modelEnvironment(parent, extra) {
    const env = {};
    const refused = [];
    for (const name of [...BASE_ENV_NAMES, ...extra]) {
        if (NEVER_PASSED.test(name)) {
            if (!refused.includes(name))
                refused.push(name);
            continue;
        }
        const value = parent[name];
        if (value !== undefined)
            env[name] = value;
    }
    return { env, refused };
}

;// CONCATENATED MODULE: ./src/models/external/protocol.ts
const PROBABILITY_TOLERANCE = 1e-6;
/** How much of an offending response line a reason quotes. */
const QUOTE_CHARS = 80;
function requestId(seq) {
    return `r${seq}`;
}
/** The sequence number of an id exactly as `requestId` writes it (`r` + digits, no leading zero), else null. */
function requestSeq(id) {
    const n = id.length;
    if (n < 2 || n > 16 || id.charCodeAt(0) !== 114 /* r */)
        return null;
    let seq = 0;
    for (let i = 1; i < n; i++) {
        const d = id.charCodeAt(i) - 48;
        if (d < 0 || d > 9 || (i === 1 && d === 0))
            return null;
        seq = seq * 10 + d;
    }
    return seq;
}
/** Characters JSON.stringify would escape (or might: any surrogate, in case it is lone). */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;
/** A JSON string literal, identical to JSON.stringify(text) but faster for plain text. */
function jsonString(text) {
    return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}
/** One request line, newline included. */
function encodeRequest(seq, input) {
    return input.kind === 'text'
        ? `{"id":"r${seq}","text":${jsonString(input.text)}}\n`
        : `{"id":"r${seq}","features":${JSON.stringify(input.values)}}\n`;
}
/** The first `QUOTE_CHARS` characters of untrusted text, JSON-quoted so control characters stay visible. */
function quote(text, max = QUOTE_CHARS) {
    if (text.length <= max)
        return JSON.stringify(text);
    let end = max;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff)
        end--; // never split a surrogate pair
    return `${JSON.stringify(text.slice(0, end))}…`;
}
function list(names) {
    const shown = names.slice(0, 5).map((n) => quote(n, 40));
    return names.length > 5 ? `${shown.join(', ')} and ${names.length - 5} more` : shown.join(', ');
}
function describeValue(value) {
    return typeof value === 'number' ? String(value) : quote(JSON.stringify(value) ?? String(value), 40);
}
/**
 * Array.isArray behind a cheap pre-test: builtins such as Array.isArray, Number.isFinite,
 * Object.hasOwn and `new Array(n)` cost ~0.2 µs a call inside jest's VM contexts, which matters
 * at 200,000 responses per second; the hot path below avoids them.
 */
function isArray(value) {
    return typeof value.length === 'number' && Array.isArray(value);
}
class ResponseParser {
    labels;
    probabilities;
    labelSet;
    labelIndex;
    template;
    constructor(labels, probabilities) {
        this.labels = labels;
        this.probabilities = probabilities;
        this.labelSet = new Set(labels);
        this.labelIndex = new Map(labels.map((l, i) => [l, i]));
        this.template = labels.map(() => 0.5);
    }
    parse(line) {
        let value;
        try {
            value = JSON.parse(line);
        }
        catch {
            return { ok: false, id: null, failure: 'malformed_json', reason: `malformed JSON response ${quote(line)}` };
        }
        if (typeof value !== 'object' || value === null || isArray(value)) {
            return { ok: false, id: null, failure: 'malformed_json', reason: `response is not a JSON object: ${quote(line)}` };
        }
        const obj = value;
        const id = obj.id;
        if (typeof id !== 'string') {
            return { ok: false, id: null, failure: 'bad_response', reason: `response without a string "id": ${quote(line)}` };
        }
        // JSON.parse never yields `undefined`, so this is an own-property test (and much cheaper than
        // Object.hasOwn inside jest's VM contexts).
        const hasScores = obj.scores !== undefined;
        const hasLabel = obj.label !== undefined;
        if (hasScores === hasLabel) {
            const what = hasScores ? 'both "scores" and "label"' : 'neither "scores" nor "label"';
            return { ok: false, id, failure: 'bad_response', reason: `response has ${what}` };
        }
        return hasLabel ? this.labelOnly(id, obj.label) : this.scores(id, obj.scores);
    }
    labelOnly(id, label) {
        if (typeof label !== 'string') {
            return { ok: false, id, failure: 'bad_response', reason: `"label" is not a string: ${describeValue(label)}` };
        }
        if (!this.labelSet.has(label)) {
            return { ok: false, id, failure: 'unknown_label', reason: `label ${quote(label, 40)} is not a training label` };
        }
        return { ok: true, id, result: { status: 'ok', scores: null, label } };
    }
    scores(id, raw) {
        if (typeof raw !== 'object' || raw === null || isArray(raw)) {
            return { ok: false, id, failure: 'bad_response', reason: `"scores" is not an object: ${describeValue(raw)}` };
        }
        const table = raw;
        const labels = this.labels;
        // A copy of a double-filled template: cheaper than `new Array(n)` (slow inside jest's VM
        // contexts) or growing `[]`, and already in the elements kind of the result.
        const values = this.template.slice();
        let found = 0;
        let extra = false;
        // JSON.parse objects have only own keys (no duplicates); for-in is the fastest walk over them.
        for (const key in table) {
            const i = this.labelIndex.get(key);
            if (i === undefined)
                extra = true;
            else {
                values[i] = table[key];
                found++;
            }
        }
        if (found < labels.length) {
            const missing = labels.filter((l) => !Object.hasOwn(table, l));
            return { ok: false, id, failure: 'missing_labels', reason: `scores miss training labels ${list(missing)}` };
        }
        if (extra) {
            const unknown = Object.keys(table).filter((k) => !this.labelIndex.has(k));
            return { ok: false, id, failure: 'unknown_label', reason: `scores have labels outside the training set: ${list(unknown)}` };
        }
        const scores = values;
        let sum = 0;
        for (let i = 0; i < scores.length; i++) {
            const v = scores[i];
            // v − v is NaN exactly for NaN and ±Infinity.
            if (typeof v !== 'number' || v - v !== 0) {
                return {
                    ok: false,
                    id,
                    failure: 'non_finite_score',
                    reason: `score for ${quote(labels[i], 40)} is not a finite number: ${describeValue(v)}`
                };
            }
            sum += v;
        }
        if (this.probabilities) {
            const outside = scores.findIndex((v) => v < -PROBABILITY_TOLERANCE || v > 1 + PROBABILITY_TOLERANCE);
            if (outside !== -1) {
                return {
                    ok: false,
                    id,
                    failure: 'not_probabilities',
                    reason: `score for ${quote(labels[outside], 40)} is not a probability: ${scores[outside]}`
                };
            }
            if (Math.abs(sum - 1) > PROBABILITY_TOLERANCE) {
                return { ok: false, id, failure: 'not_probabilities', reason: `probabilities sum to ${sum}, not 1 (tolerance 1e-6)` };
            }
        }
        return { ok: true, id, result: { status: 'ok', scores } };
    }
}

;// CONCATENATED MODULE: ./src/models/external/request-table.ts
/**
 * The state of every request written to one process, by sequence number (`r<seq>`, from 1):
 * in flight, answered, or failed (timed out, charged with a malformed line, or lost to a crash).
 * Requests are written in sequence order, so send times increase with the sequence number and
 * the oldest request in flight is always the one to time out first: one sweep walks forward from
 * it instead of keeping a timer per request.
 */
const IN_FLIGHT = 1;
const ANSWERED = 2;
const FAILED = 3;
class RequestTable {
    state = new Uint8Array(1024);
    sentAt = new Float64Array(1024);
    next = 1;
    oldest = 1;
    flying = 0;
    /** The sequence number the next written request gets. */
    get nextSeq() {
        return this.next;
    }
    get inFlight() {
        return this.flying;
    }
    /** Records `count` requests written at `now`; returns the first one's sequence number. */
    send(count, now) {
        const first = this.next;
        const end = first + count;
        if (end > this.state.length)
            this.grow(end);
        this.state.fill(IN_FLIGHT, first, end);
        this.sentAt.fill(now, first, end);
        this.next = end;
        this.flying += count;
        return first;
    }
    stateOf(seq) {
        return seq >= 1 && seq < this.next ? this.state[seq] : 0;
    }
    /** Moves an in-flight request to `ANSWERED` or `FAILED`; false when it was not in flight. */
    settle(seq, to) {
        if (this.stateOf(seq) !== IN_FLIGHT)
            return false;
        this.state[seq] = to;
        this.flying--;
        return true;
    }
    oldestInFlight() {
        while (this.oldest < this.next && this.state[this.oldest] !== IN_FLIGHT)
            this.oldest++;
        return this.oldest < this.next ? this.oldest : null;
    }
    /** Fails every request in flight written at or before `cutoff`, oldest first. */
    expire(cutoff, onExpired) {
        for (let seq = this.oldestInFlight(); seq !== null && this.sentAt[seq] <= cutoff; seq = this.oldestInFlight()) {
            this.settle(seq, FAILED);
            onExpired(seq);
        }
    }
    /** Fails every request in flight, oldest first. */
    failAll(onFailed) {
        for (let seq = this.oldestInFlight(); seq !== null; seq = this.oldestInFlight()) {
            this.settle(seq, FAILED);
            onFailed(seq);
        }
    }
    grow(min) {
        let size = this.state.length;
        while (size < min)
            size *= 2;
        const state = new Uint8Array(size);
        state.set(this.state);
        const sentAt = new Float64Array(size);
        sentAt.set(this.sentAt);
        this.state = state;
        this.sentAt = sentAt;
    }
}

;// CONCATENATED MODULE: external "node:child_process"
const external_node_child_process_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:child_process");
;// CONCATENATED MODULE: ./src/models/external/lines.ts
/**
 * Splits a decoded text stream into lines across chunk boundaries: `\n` ends a line, a trailing
 * `\r` is dropped (CRLF tolerated), blank or whitespace-only lines are skipped. A line longer
 * than `maxLine` characters is cut: its first `maxLine` characters are emitted (they will not
 * parse) and the rest, up to the next newline, is dropped, so a model that never writes a
 * newline cannot exhaust memory.
 */
const MAX_LINE_CHARS = 16 * 1024 * 1024;
class LineSplitter {
    onLine;
    maxLine;
    partial = '';
    discarding = false;
    constructor(onLine, maxLine = MAX_LINE_CHARS) {
        this.onLine = onLine;
        this.maxLine = maxLine;
    }
    push(chunk) {
        let start = 0;
        let nl = chunk.indexOf('\n');
        if (nl === -1) {
            this.append(chunk);
            return;
        }
        if (this.partial.length > 0 || this.discarding) {
            const head = chunk.slice(0, nl);
            if (!this.discarding)
                this.emit(this.partial + head);
            this.partial = '';
            this.discarding = false;
            start = nl + 1;
            nl = chunk.indexOf('\n', start);
        }
        while (nl !== -1) {
            this.emit(chunk.slice(start, nl));
            start = nl + 1;
            nl = chunk.indexOf('\n', start);
        }
        if (start < chunk.length)
            this.append(chunk.slice(start));
    }
    /** The last line when the stream ended without a newline. */
    end() {
        if (this.partial.length > 0 && !this.discarding)
            this.emit(this.partial);
        this.partial = '';
        this.discarding = false;
    }
    append(text) {
        if (this.discarding)
            return;
        this.partial += text;
        if (this.partial.length > this.maxLine) {
            this.emit(this.partial.slice(0, this.maxLine));
            this.partial = '';
            this.discarding = true;
        }
    }
    emit(line) {
        let end = line.length;
        if (end > 0 && line.charCodeAt(end - 1) === 13)
            end--;
        if (end === 0)
            return;
        const text = end === line.length ? line : line.slice(0, end);
        if (text.charCodeAt(0) <= 32 && text.trim() === '')
            return;
        this.onLine(text);
    }
}

;// CONCATENATED MODULE: ./src/models/external/stderr-tail.ts
/** The last `limit` bytes of a byte stream (the model's stderr), kept without unbounded growth. */
const STDERR_TAIL_BYTES = 64 * 1024;
class ByteTail {
    limit;
    chunks = [];
    size = 0;
    constructor(limit = STDERR_TAIL_BYTES) {
        this.limit = limit;
    }
    push(chunk) {
        if (chunk.length === 0)
            return;
        this.chunks.push(chunk);
        this.size += chunk.length;
        while (this.chunks.length > 1 && this.size - this.chunks[0].length >= this.limit) {
            this.size -= this.chunks.shift().length;
        }
    }
    /** The kept bytes decoded as UTF-8 (a character cut at the start shows as U+FFFD and is dropped). */
    text() {
        let bytes = Buffer.concat(this.chunks, this.size);
        if (bytes.length > this.limit)
            bytes = bytes.subarray(bytes.length - this.limit);
        let start = 0;
        while (start < bytes.length && start < 3 && (bytes[start] & 0xc0) === 0x80)
            start++;
        return bytes.subarray(start).toString('utf8');
    }
    /** The last `count` non-blank lines, joined with " | " and cut to `maxChars` (keeping the end). */
    lastLines(count = 5, maxChars = 400) {
        const lines = this.text()
            .split(/\r?\n/)
            .map((l) => l.trim())
            .filter((l) => l.length > 0)
            .slice(-count);
        const joined = lines.join(' | ');
        return joined.length > maxChars ? `…${joined.slice(joined.length - maxChars + 1)}` : joined;
    }
}

;// CONCATENATED MODULE: ./src/models/external/runner.ts
/**
 * One external model process: `/bin/sh -c <command>` in its own process group, stdout read as a
 * stream of lines (always, even while requests are being written, so a model that answers before
 * it has read everything cannot deadlock us), stderr kept as a 64 KiB tail, stdin written with
 * backpressure. Reports every line, every drain and, once, the end of the process.
 */



/** After `exit`, how long to wait for stdout to close (a grandchild may hold it open). */
const CLOSE_GRACE_MS = 500;
class ModelProcess {
    events;
    child;
    stderr = new ByteTail();
    lines;
    ended = null;
    exitInfo = null;
    closeTimer = null;
    stdinOpen = true;
    endWaiters = [];
    constructor(command, cwd, env, events) {
        this.events = events;
        this.lines = new LineSplitter((line) => events.line(line));
        this.child = (0,external_node_child_process_namespaceObject.spawn)('/bin/sh', ['-c', command], { cwd, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
        const { stdin, stdout, stderr } = this.child;
        if (!stdin || !stdout || !stderr)
            throw new Error('external model: stdio pipes missing');
        stdout.setEncoding('utf8');
        stdout.on('data', (chunk) => {
            this.lines.push(chunk);
            events.chunk();
        });
        stderr.on('data', (chunk) => this.stderr.push(chunk));
        // EPIPE and friends: the process died; its end is reported through `exit`/`close`.
        stdin.on('error', () => {
            this.stdinOpen = false;
        });
        stdout.on('error', () => { });
        stderr.on('error', () => { });
        stdin.on('drain', () => events.drain());
        this.child.on('error', (error) => {
            // Only a failure to start ends the process here; a failed kill() is not an end.
            if (this.child.pid === undefined)
                this.finish({ code: null, signal: null, error });
        });
        this.child.on('exit', (code, signal) => {
            this.exitInfo = { code, signal };
            this.stdinOpen = false;
            this.closeTimer = setTimeout(() => this.finish({ code, signal }), CLOSE_GRACE_MS);
            this.closeTimer.unref();
        });
        this.child.on('close', (code, signal) => this.finish(this.exitInfo ?? { code, signal }));
    }
    get running() {
        return this.ended === null;
    }
    get end() {
        return this.ended;
    }
    /** Writes to stdin; false means wait for `drain` before writing more. Ignored once stdin is closed. */
    write(text) {
        if (!this.stdinOpen || !this.child.stdin?.writable)
            return true;
        return this.child.stdin.write(text);
    }
    /** Closes stdin (the model's signal to finish). */
    closeInput() {
        if (!this.stdinOpen)
            return;
        this.stdinOpen = false;
        this.child.stdin?.end();
    }
    /** Signals the whole process group (the shell and whatever it started). */
    kill(signal) {
        if (this.ended !== null || this.child.pid === undefined)
            return;
        try {
            process.kill(-this.child.pid, signal);
        }
        catch {
            try {
                this.child.kill(signal);
            }
            catch {
                // already gone
            }
        }
    }
    /** Resolves once the process has ended, or after `ms` (then false). */
    waitForEnd(ms) {
        if (this.ended !== null)
            return Promise.resolve(true);
        return new Promise((resolve) => {
            const timer = setTimeout(() => resolve(false), ms);
            this.endWaiters.push(() => {
                clearTimeout(timer);
                resolve(true);
            });
        });
    }
    stderrTail() {
        return this.stderr.text();
    }
    stderrLastLines() {
        return this.stderr.lastLines();
    }
    finish(end) {
        if (this.ended !== null)
            return;
        if (this.closeTimer !== null)
            clearTimeout(this.closeTimer);
        this.lines.end();
        this.ended = end;
        this.stdinOpen = false;
        this.child.stdout?.destroy();
        this.child.stderr?.destroy();
        this.child.stdin?.destroy();
        this.events.end(end);
        for (const wake of this.endWaiters.splice(0))
            wake();
    }
}

;// CONCATENATED MODULE: ./src/models/external/pipeline.ts



/** Most request lines / characters in one stdin write. */
const CHUNK_LINES = 4096;
const CHUNK_CHARS = 1 << 20;
const MAX_TIMER_MS = 2 ** 31 - 1;
/** After SIGTERM, how long before SIGKILL. */
const KILL_GRACE_MS = 1000;
class Pipeline {
    options;
    process;
    parser;
    table = new RequestTable();
    failures = {};
    requests = 0;
    responses = 0;
    startedAt = performance.now();
    endedAt = null;
    batch = null;
    stopped = null;
    waitingDrain = false;
    sweepTimer = null;
    runTimer = null;
    killTimer = null;
    sweepMs;
    progressMs;
    lowWater;
    constructor(options) {
        this.options = options;
        this.parser = new ResponseParser(options.labels, options.probabilities);
        this.sweepMs = options.sweepMs ?? 50;
        this.progressMs = options.progressMs ?? 5000;
        // Write when a useful number of slots is free, not one line per answer.
        this.lowWater = Math.max(1, Math.floor(options.window / 8));
        this.process = new ModelProcess(options.command, options.cwd, options.env, {
            line: (line) => this.onLine(line),
            chunk: () => this.pump(),
            drain: () => {
                this.waitingDrain = false;
                this.pump();
            },
            end: (end) => this.onEnd(end)
        });
        if (Number.isFinite(options.runTimeoutMs)) {
            // setTimeout cannot wait longer than 2^31 − 1 ms (~24.8 days).
            this.runTimer = setTimeout(() => this.onRunTimeout(), Math.min(Math.max(0, options.runTimeoutMs), MAX_TIMER_MS));
            this.runTimer.unref();
        }
    }
    /** One result per input, in input order. Calls must not overlap (the model serialises them). */
    score(inputs) {
        if (this.batch !== null)
            throw new Error('external model: overlapping score() calls');
        const results = new Array(inputs.length);
        if (inputs.length === 0)
            return Promise.resolve([]);
        if (this.stopped !== null) {
            const stop = this.stopped;
            results.fill({ status: stop.status, error: stop.reason });
            this.count(stop.kind, inputs.length);
            return Promise.resolve(results);
        }
        return new Promise((resolve) => {
            const now = performance.now();
            this.batch = { inputs, results, firstSeq: this.table.nextSeq, sent: 0, settled: 0, answered: 0, lastProgress: now, resolve };
            this.sweepTimer = setInterval(() => this.sweep(), this.sweepMs);
            this.pump();
        });
    }
    counters() {
        const end = this.process.end;
        return {
            requests: this.requests,
            responses: this.responses,
            failures: { ...this.failures },
            wall_ms: Math.round((this.endedAt ?? performance.now()) - this.startedAt),
            exit_code: end?.code ?? null,
            signal: end?.signal ?? null
        };
    }
    stderrTail() {
        return this.process.stderrTail();
    }
    get running() {
        return this.process.running;
    }
    /** Ends stdin, waits up to `graceMs` for the model to exit, then stops its process group. */
    async close(graceMs) {
        this.process.closeInput();
        if (!(await this.process.waitForEnd(graceMs))) {
            this.process.kill('SIGTERM');
            if (!(await this.process.waitForEnd(KILL_GRACE_MS))) {
                this.process.kill('SIGKILL');
                await this.process.waitForEnd(KILL_GRACE_MS);
            }
        }
        this.clearTimers();
    }
    // --- writing -------------------------------------------------------------------------------
    pump() {
        const batch = this.batch;
        if (batch === null || this.waitingDrain || this.stopped !== null)
            return;
        const window = this.options.window;
        const inputs = batch.inputs;
        for (;;) {
            const remaining = inputs.length - batch.sent;
            const free = window - this.table.inFlight;
            if (remaining === 0 || free <= 0)
                return;
            if (free < this.lowWater && free < remaining && this.table.inFlight > 0)
                return;
            let count = Math.min(free, remaining, CHUNK_LINES);
            let seq = batch.firstSeq + batch.sent;
            let text = '';
            for (let i = 0; i < count; i++) {
                text += encodeRequest(seq + i, inputs[batch.sent + i]);
                if (text.length >= CHUNK_CHARS)
                    count = i + 1;
            }
            seq = this.table.send(count, performance.now());
            if (seq !== batch.firstSeq + batch.sent)
                throw new Error('external model: request sequence out of step');
            batch.sent += count;
            this.requests += count;
            if (!this.process.write(text)) {
                this.waitingDrain = true;
                return;
            }
        }
    }
    // --- reading -------------------------------------------------------------------------------
    onLine(line) {
        this.responses++;
        const parsed = this.parser.parse(line);
        if (!parsed.ok && parsed.id === null) {
            this.count(parsed.failure);
            const oldest = this.table.oldestInFlight();
            if (oldest !== null)
                this.failRequest(oldest, 'error', parsed.reason, null);
            return;
        }
        const seq = requestSeq(parsed.id);
        const state = seq === null ? 0 : this.table.stateOf(seq);
        if (seq === null || state === 0) {
            this.count('unknown_id');
            return;
        }
        if (state === ANSWERED) {
            this.count('duplicate_response');
            return;
        }
        if (state !== IN_FLIGHT)
            return; // late answer to a failed request: ignored (see above)
        this.table.settle(seq, ANSWERED);
        const batch = this.batch;
        batch.answered++;
        if (parsed.ok)
            this.settleInput(batch, seq, parsed.result);
        else {
            this.count(parsed.failure);
            this.settleInput(batch, seq, { status: 'error', error: parsed.reason });
        }
    }
    settleInput(batch, seq, result) {
        const index = seq - batch.firstSeq;
        if (batch.results[index] !== undefined)
            return;
        batch.results[index] = result;
        batch.settled++;
        if (batch.settled === batch.inputs.length)
            this.finishBatch(batch);
    }
    /** Fails one in-flight request; `kind` null when the caller has counted already. */
    failRequest(seq, status, reason, kind) {
        this.table.settle(seq, FAILED);
        if (kind !== null)
            this.count(kind);
        const batch = this.batch;
        if (batch !== null)
            this.settleInput(batch, seq, { status, error: reason });
    }
    finishBatch(batch) {
        this.batch = null;
        if (this.sweepTimer !== null)
            clearInterval(this.sweepTimer);
        this.sweepTimer = null;
        batch.resolve(batch.results);
    }
    // --- time ----------------------------------------------------------------------------------
    sweep() {
        const batch = this.batch;
        if (batch === null)
            return;
        const now = performance.now();
        const limit = this.options.requestTimeoutMs;
        const reason = `no response within request_timeout_s=${limit / 1000}s`;
        this.table.expire(now - limit, (seq) => {
            this.count('timeout');
            this.settleInput(batch, seq, { status: 'timeout', error: reason });
        });
        if (this.batch === batch && now - batch.lastProgress >= this.progressMs) {
            batch.lastProgress = now;
            this.options.log(`model ${this.options.name}: ${batch.answered}/${batch.inputs.length} answered`);
        }
        this.pump();
    }
    onRunTimeout() {
        this.runTimer = null;
        if (this.stopped !== null || !this.process.running)
            return;
        const limit = this.options.runTimeoutMs / 1000;
        this.stop({ kind: 'run_timeout', status: 'timeout', reason: `whole-run limit timeout_s=${limit}s reached; the model was stopped` });
        this.process.kill('SIGTERM');
        this.killTimer = setTimeout(() => this.process.kill('SIGKILL'), KILL_GRACE_MS);
        this.killTimer.unref();
    }
    onEnd(end) {
        this.endedAt = performance.now();
        if (this.stopped === null)
            this.stop({ kind: 'crash', status: 'error', reason: this.crashReason(end) });
        this.clearTimers();
    }
    /** From now on every unanswered input fails with `stop`. */
    stop(stop) {
        this.stopped = stop;
        const batch = this.batch;
        if (batch === null)
            return;
        this.table.failAll(() => { });
        let affected = 0;
        for (let i = 0; i < batch.results.length; i++) {
            if (batch.results[i] === undefined) {
                batch.results[i] = { status: stop.status, error: stop.reason };
                affected++;
            }
        }
        this.count(stop.kind, affected);
        this.finishBatch(batch);
    }
    crashReason(end) {
        const tail = this.process.stderrLastLines();
        const stderr = tail.length > 0 ? `; stderr: ${tail}` : '';
        if (end.error !== undefined)
            return `the model process could not be started from ${this.options.cwd}: ${end.error.message}${stderr}`;
        let what;
        if (end.signal !== null)
            what = `the model process was killed by signal ${end.signal}`;
        else if (end.code === 127)
            what = 'the model command could not be run (exit code 127: command not found)';
        else if (end.code === 126)
            what = 'the model command could not be run (exit code 126: not executable)';
        else
            what = `the model process exited with code ${end.code}`;
        return `${what} before answering${stderr}`;
    }
    count(kind, n = 1) {
        if (n > 0)
            this.failures[kind] = (this.failures[kind] ?? 0) + n;
    }
    clearTimers() {
        for (const timer of [this.runTimer, this.killTimer])
            if (timer !== null)
                clearTimeout(timer);
        if (this.sweepTimer !== null)
            clearInterval(this.sweepTimer);
        this.runTimer = this.killTimer = this.sweepTimer = null;
    }
}

;// CONCATENATED MODULE: ./src/models/external/external-model.ts




/** How long close() waits for the model to exit after its stdin is closed, before stopping it. */
const external_model_CLOSE_GRACE_MS = 1000;
class ExternalModel {
    plan;
    root;
    log;
    name;
    labels;
    batchSize = Infinity;
    pipeline = null;
    closed = false;
    /** score() calls run one after another on the one process. */
    queue = Promise.resolve();
    digest;
    constructor(plan, labels, root, log) {
        this.plan = plan;
        this.root = root;
        this.log = log;
        this.name = plan.name;
        this.labels = [...labels];
        this.digest = sha256Hex(plan.command);
    }
    describe() {
        return {
            name: this.name,
            kind: 'external',
            params: {
                command: this.plan.command,
                protocol_version: PROTOCOL_VERSION,
                probabilities: this.plan.probabilities,
                timeout_s: this.plan.timeoutS,
                request_timeout_s: this.plan.requestTimeoutS,
                window: this.plan.window
            },
            digest: this.digest,
            probabilities: this.plan.probabilities
        };
    }
    score(inputs) {
        if (this.closed)
            return Promise.resolve(inputs.map(() => ({ status: 'error', error: 'the model was closed' })));
        const run = this.queue.then(() => this.start().score(inputs));
        this.queue = run.catch(() => undefined);
        return run;
    }
    counters() {
        return this.pipeline?.counters() ?? { requests: 0, responses: 0, failures: {}, wall_ms: 0, exit_code: null, signal: null };
    }
    /** The last 64 KiB of the model's stderr (empty before it started). */
    stderrTail() {
        return this.pipeline?.stderrTail() ?? '';
    }
    async close() {
        this.closed = true;
        await this.queue;
        await this.pipeline?.close(external_model_CLOSE_GRACE_MS);
    }
    start() {
        if (this.pipeline !== null)
            return this.pipeline;
        const { env, refused } = modelEnvironment(process.env, this.plan.env);
        if (refused.length > 0)
            this.log(`model ${this.name}: environment variables never passed to a model: ${refused.join(', ')}`);
        this.pipeline = new Pipeline({
            name: this.name,
            command: this.plan.command,
            cwd: this.root,
            env,
            labels: this.labels,
            probabilities: this.plan.probabilities,
            window: Math.max(1, Math.floor(this.plan.window)),
            requestTimeoutMs: this.plan.requestTimeoutS * 1000,
            runTimeoutMs: this.plan.timeoutS * 1000,
            log: this.log
        });
        return this.pipeline;
    }
}

;// CONCATENATED MODULE: ./src/models/logistic.ts



const LOGISTIC_TOL = 1e-12;
const LOGISTIC_MAX_ITERATIONS = 200;
/** Predicted decrease, relative to the objective, below which objective comparisons are rounding noise. */
const NOISE_REGIME = 1e-11;
function softplus(u) {
    return u > 0 ? u + Math.log1p(Math.exp(-u)) : Math.log1p(Math.exp(u));
}
function sigmoid(z) {
    if (z >= 0)
        return 1 / (1 + Math.exp(-z));
    const e = Math.exp(z);
    return e / (1 + e);
}
function logistic_evaluate(pr, theta) {
    const { n, D, m, K, C, X, y } = pr;
    const d = D - 1;
    const g = new Float64Array(m * D);
    let loss = 0;
    let p;
    if (m === 1) {
        p = new Float64Array(n);
        for (let i = 0; i < n; i++) {
            const o = i * D;
            let z = 0;
            for (let j = 0; j < D; j++)
                z += X[o + j] * theta[j];
            const positive = y[i] === 1;
            loss += softplus(positive ? -z : z);
            const pi = sigmoid(z);
            p[i] = pi;
            const r = pi - (positive ? 1 : 0);
            for (let j = 0; j < D; j++)
                g[j] = g[j] + r * X[o + j];
        }
    }
    else {
        p = new Float64Array(n * K);
        const z = new Float64Array(K);
        for (let i = 0; i < n; i++) {
            const o = i * D;
            let max = -Infinity;
            for (let k = 0; k < K; k++) {
                let s = 0;
                const t = k * D;
                for (let j = 0; j < D; j++)
                    s += X[o + j] * theta[t + j];
                z[k] = s;
                if (s > max)
                    max = s;
            }
            let sum = 0;
            for (let k = 0; k < K; k++)
                sum += Math.exp(z[k] - max);
            const lse = max + Math.log(sum);
            const yi = y[i];
            loss += lse - z[yi];
            for (let k = 0; k < K; k++) {
                const pk = Math.exp(z[k] - lse);
                p[i * K + k] = pk;
                const r = pk - (k === yi ? 1 : 0);
                const t = k * D;
                for (let j = 0; j < D; j++)
                    g[t + j] = g[t + j] + r * X[o + j];
            }
        }
    }
    let penalty = 0;
    for (let r = 0; r < m; r++) {
        for (let j = 0; j < d; j++) {
            const q = r * D + j;
            const w = theta[q];
            penalty += w * w;
            g[q] = C * g[q] + w;
        }
        g[r * D + d] = C * g[r * D + d];
    }
    return { f: C * loss + 0.5 * penalty, g, p };
}
/** Full symmetric Hessian (P × P, P = m·D) at the evaluation's probabilities. */
function hessian(pr, ev) {
    const { n, D, m, K, C, X } = pr;
    const d = D - 1;
    const P = m * D;
    const H = new Float64Array(P * P);
    // Blocks (k, l), k ≤ l: C·Σᵢ wᵢₖₗ xᵢxᵢᵀ, upper triangles of each block accumulated first.
    const pairs = [];
    for (let k = 0; k < m; k++)
        for (let l = k; l < m; l++)
            pairs.push([k, l]);
    const blocks = pairs.map(() => new Float64Array(D * D));
    // Rows are taken four at a time (padding rows get weight 0) so that each pass over a block
    // does four multiply-adds per load and store: the Hessian dominates the cost for large n.
    const weight = (i, k, l) => {
        if (m === 1) {
            const pi = ev.p[i];
            return pi * (1 - pi);
        }
        const pk = ev.p[i * K + k];
        return pk * ((k === l ? 1 : 0) - ev.p[i * K + l]);
    };
    for (let i0 = 0; i0 < n; i0 += 4) {
        const i1 = Math.min(i0 + 1, n - 1);
        const i2 = Math.min(i0 + 2, n - 1);
        const i3 = Math.min(i0 + 3, n - 1);
        const o0 = i0 * D;
        const o1 = i1 * D;
        const o2 = i2 * D;
        const o3 = i3 * D;
        for (let q = 0; q < pairs.length; q++) {
            const [k, l] = pairs[q];
            const w0 = weight(i0, k, l);
            const w1 = i0 + 1 < n ? weight(i1, k, l) : 0;
            const w2 = i0 + 2 < n ? weight(i2, k, l) : 0;
            const w3 = i0 + 3 < n ? weight(i3, k, l) : 0;
            const B = blocks[q];
            for (let a = 0; a < D; a++) {
                const a0 = w0 * X[o0 + a];
                const a1 = w1 * X[o1 + a];
                const a2 = w2 * X[o2 + a];
                const a3 = w3 * X[o3 + a];
                const row = a * D;
                for (let b = a; b < D; b++) {
                    B[row + b] =
                        B[row + b] + a0 * X[o0 + b] + a1 * X[o1 + b] + a2 * X[o2 + b] + a3 * X[o3 + b];
                }
            }
        }
    }
    pairs.forEach(([k, l], q) => {
        const B = blocks[q];
        for (let a = 0; a < D; a++) {
            for (let b = a; b < D; b++) {
                const v = C * B[a * D + b];
                const r1 = k * D + a;
                const c1 = l * D + b;
                const r2 = k * D + b;
                const c2 = l * D + a;
                H[r1 * P + c1] = v;
                H[c1 * P + r1] = v;
                H[r2 * P + c2] = v;
                H[c2 * P + r2] = v;
            }
        }
    });
    for (let r = 0; r < m; r++)
        for (let j = 0; j < d; j++)
            H[(r * D + j) * P + r * D + j] = H[(r * D + j) * P + r * D + j] + 1;
    if (m > 1) {
        const lambda = 1 + C * n;
        for (let k = 0; k < m; k++)
            for (let l = 0; l < m; l++)
                H[(k * D + d) * P + l * D + d] = H[(k * D + d) * P + l * D + d] + lambda;
    }
    return H;
}
/** Solve H x = rhs by Cholesky (H symmetric positive definite); null when a pivot is not positive. */
function choleskySolve(H, rhs, P, jitter) {
    const L = new Float64Array(P * P);
    for (let i = 0; i < P; i++) {
        for (let j = 0; j <= i; j++) {
            let s = H[i * P + j] + (i === j ? jitter : 0);
            for (let k = 0; k < j; k++)
                s -= L[i * P + k] * L[j * P + k];
            if (i === j) {
                if (!(s > 0) || !Number.isFinite(s))
                    return null;
                L[i * P + i] = Math.sqrt(s);
            }
            else {
                L[i * P + j] = s / L[j * P + j];
            }
        }
    }
    const x = Float64Array.from(rhs);
    for (let i = 0; i < P; i++) {
        let s = x[i];
        for (let k = 0; k < i; k++)
            s -= L[i * P + k] * x[k];
        x[i] = s / L[i * P + i];
    }
    for (let i = P - 1; i >= 0; i--) {
        let s = x[i];
        for (let k = i + 1; k < P; k++)
            s -= L[k * P + i] * x[k];
        x[i] = s / L[i * P + i];
    }
    return x;
}
function newtonDirection(H, g, P) {
    let maxDiag = 0;
    for (let i = 0; i < P; i++)
        maxDiag = Math.max(maxDiag, Math.abs(H[i * P + i]));
    let jitter = 0;
    for (let attempt = 0; attempt < 12; attempt++) {
        const x = choleskySolve(H, g, P, jitter);
        if (x !== null) {
            for (let i = 0; i < P; i++)
                x[i] = -x[i];
            return x;
        }
        jitter = jitter === 0 ? 1e-12 * Math.max(maxDiag, 1) : jitter * 100;
    }
    throw new Error('logistic regression: the Newton system is not positive definite');
}
function centreIntercepts(pr, theta) {
    if (pr.m === 1)
        return;
    const d = pr.D - 1;
    let mean = 0;
    for (let k = 0; k < pr.m; k++)
        mean += theta[k * pr.D + d];
    mean /= pr.m;
    for (let k = 0; k < pr.m; k++)
        theta[k * pr.D + d] = theta[k * pr.D + d] - mean;
}
/** max_q |g_q| / limit_q; converged when ≤ 1. */
function scaledGradient(pr, theta, g, columnScale) {
    let worst = 0;
    for (let r = 0; r < pr.m; r++) {
        for (let j = 0; j < pr.D; j++) {
            const q = r * pr.D + j;
            const limit = LOGISTIC_TOL * Math.max(1, Math.abs(theta[q]), columnScale[j]);
            worst = Math.max(worst, Math.abs(g[q]) / limit);
        }
    }
    return worst;
}
function solve(pr) {
    const P = pr.m * pr.D;
    const columnScale = new Float64Array(pr.D);
    for (let i = 0; i < pr.n; i++)
        for (let j = 0; j < pr.D; j++)
            columnScale[j] = columnScale[j] + Math.abs(pr.X[i * pr.D + j]);
    for (let j = 0; j < pr.D; j++)
        columnScale[j] = pr.C * columnScale[j];
    let theta = new Float64Array(P);
    let ev = logistic_evaluate(pr, theta);
    let iterations = 0;
    for (;;) {
        const scaled = scaledGradient(pr, theta, ev.g, columnScale);
        if (scaled <= 1)
            return { theta, iterations };
        if (iterations >= LOGISTIC_MAX_ITERATIONS) {
            throw new Error(`logistic regression did not converge in ${LOGISTIC_MAX_ITERATIONS} Newton steps (scaled gradient ${scaled.toExponential(3)})`);
        }
        const step = newtonDirection(hessian(pr, ev), ev.g, P);
        let slope = 0;
        for (let q = 0; q < P; q++)
            slope += ev.g[q] * step[q];
        let accepted = null;
        // −slope = ΔᵀHΔ, twice the predicted decrease. Once that is below the objective's own
        // rounding noise (a sum of n terms), comparing objectives is meaningless: the step is then
        // judged by the scaled gradient instead, which Newton's step drives to zero.
        const inNoise = -slope < NOISE_REGIME * Math.max(1, Math.abs(ev.f));
        if (slope < 0) {
            for (let alpha = 1; alpha >= 1e-12; alpha /= 2) {
                const trial = new Float64Array(P);
                for (let q = 0; q < P; q++)
                    trial[q] = theta[q] + alpha * step[q];
                centreIntercepts(pr, trial);
                const tev = logistic_evaluate(pr, trial);
                if (!Number.isFinite(tev.f))
                    continue;
                const improves = inNoise ? scaledGradient(pr, trial, tev.g, columnScale) < scaled : tev.f <= ev.f + 1e-4 * alpha * slope;
                if (improves) {
                    accepted = { theta: trial, ev: tev };
                    break;
                }
            }
        }
        if (accepted === null) {
            throw new Error(`logistic regression: the line search made no progress after ${iterations} Newton steps (scaled gradient ${scaled.toExponential(3)})`);
        }
        theta = accepted.theta;
        ev = accepted.ev;
        iterations++;
    }
}
function compareRows(X, D, y, a, b) {
    for (let j = 0; j < D - 1; j++) {
        const u = X[a * D + j];
        const v = X[b * D + j];
        if (u !== v)
            return u < v ? -1 : 1;
    }
    return y[a] - y[b];
}
class LogisticRegressionModel {
    name;
    params;
    labels;
    features;
    coef;
    intercept;
    labelIndex;
    digest;
    constructor(name, params) {
        this.name = name;
        this.params = params;
        const K = params.labels.length;
        const m = K === 2 ? 1 : K;
        if (K < 2)
            throw new Error('logistic regression needs at least two labels');
        if (params.coef.length !== m || params.intercept.length !== m || params.coef.some((row) => row.length !== params.features.length)) {
            throw new Error('logistic regression: coef/intercept do not match the labels and features');
        }
        this.labels = params.labels;
        this.features = params.features;
        this.coef = params.coef.map((row) => Float64Array.from(row));
        this.intercept = Float64Array.from(params.intercept);
        this.labelIndex = new Map(params.labels.map((l, i) => [l, i]));
        this.digest = sha256Hex(stableJson({ kind: 'logistic-regression', C: params.C, labels: params.labels, features: params.features, coef: params.coef, intercept: params.intercept }));
    }
    /**
     * Fit on `train` (feature inputs; values read by name in `features` order). Throws a plain
     * Error on invalid training data, a label without training rows (no finite optimum), or
     * non-convergence.
     */
    static fit(name, train, labels, features, C = 1) {
        if (labels.length < 2)
            throw new Error('logistic regression needs at least two labels');
        if (new Set(labels).size !== labels.length)
            throw new Error('logistic regression: duplicate labels');
        if (new Set(features).size !== features.length)
            throw new Error('logistic regression: duplicate feature names');
        if (!(C > 0) || !Number.isFinite(C))
            throw new Error(`logistic regression: C must be a positive finite number, got ${C}`);
        if (train.length === 0)
            throw new Error('logistic regression: no training rows');
        const K = labels.length;
        const d = features.length;
        const D = d + 1;
        const n = train.length;
        const labelIndex = new Map(labels.map((l, i) => [l, i]));
        const rawX = new Float64Array(n * D);
        const rawY = new Int32Array(n);
        const counts = new Array(K).fill(0);
        train.forEach((e, i) => {
            const k = labelIndex.get(e.label);
            if (k === undefined)
                throw new Error(`logistic regression: training row ${e.id} has label ${JSON.stringify(e.label)}, not one of the model's labels`);
            rawY[i] = k;
            counts[k] = counts[k] + 1;
            const x = featureVector(e.input, features);
            if (typeof x === 'string')
                throw new Error(`logistic regression: training row ${e.id}: ${x}`);
            rawX.set(x, i * D);
            rawX[i * D + d] = 1;
        });
        const empty = labels.filter((_, k) => counts[k] === 0);
        if (empty.length > 0)
            throw new Error(`logistic regression: no training rows for label(s) ${empty.map((l) => JSON.stringify(l)).join(', ')}`);
        // Canonical row order: the fit is a function of the multiset of rows.
        const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => compareRows(rawX, D, rawY, a, b));
        const X = new Float64Array(n * D);
        const y = new Int32Array(n);
        order.forEach((src, dst) => {
            X.set(rawX.subarray(src * D, src * D + D), dst * D);
            y[dst] = rawY[src];
        });
        const m = K === 2 ? 1 : K;
        const { theta, iterations } = solve({ n, D, m, K, C, X, y });
        const coef = [];
        const intercept = [];
        for (let r = 0; r < m; r++) {
            coef.push(Array.from(theta.subarray(r * D, r * D + d)));
            intercept.push(theta[r * D + d]);
        }
        return new LogisticRegressionModel(name, { labels: [...labels], features: [...features], C, coef, intercept, iterations });
    }
    /** The trained parameters (copies). */
    parameters() {
        return {
            ...this.params,
            labels: [...this.params.labels],
            features: [...this.params.features],
            coef: this.params.coef.map((row) => [...row]),
            intercept: [...this.params.intercept]
        };
    }
    describe() {
        return {
            name: this.name,
            kind: 'logistic-regression',
            params: {
                C: this.params.C,
                solver: 'newton',
                tol: LOGISTIC_TOL,
                iterations: this.params.iterations,
                coef: this.params.coef.map((row) => [...row]),
                intercept: [...this.params.intercept]
            },
            digest: this.digest,
            probabilities: true
        };
    }
    /** predict_proba for a vector in `features` order: binary [1 − p, p], multinomial softmax. */
    probabilities(x) {
        this.checkVector(x);
        const z = this.coef.map((w, r) => {
            let s = 0;
            for (let j = 0; j < w.length; j++)
                s += w[j] * x[j];
            return s + this.intercept[r];
        });
        if (z.length === 1) {
            // sklearn: expit(decision), then [1 − p, p].
            const p = 1 / (1 + Math.exp(-z[0]));
            return [1 - p, p];
        }
        const max = Math.max(...z);
        const e = z.map((v) => Math.exp(v - max));
        const sum = e.reduce((a, b) => a + b, 0);
        return e.map((v) => v / sum);
    }
    /** ∂ cross-entropy(x, label) / ∂x. */
    inputGradient(x, label) {
        const c = this.labelIndex.get(label);
        if (c === undefined)
            throw new Error(`logistic regression: unknown label ${JSON.stringify(label)}`);
        const p = this.probabilities(x);
        const grad = new Array(this.features.length).fill(0);
        if (this.coef.length === 1) {
            const r = p[1] - (c === 1 ? 1 : 0);
            const w = this.coef[0];
            for (let j = 0; j < grad.length; j++)
                grad[j] = r * w[j];
            return grad;
        }
        this.coef.forEach((w, k) => {
            const r = p[k] - (k === c ? 1 : 0);
            for (let j = 0; j < grad.length; j++)
                grad[j] = grad[j] + r * w[j];
        });
        return grad;
    }
    predict(x) {
        return decide(this.labels, this.probabilities(x)).prediction;
    }
    /** The input's feature vector in `features` order, or why it cannot be scored. */
    vector(input) {
        return featureVector(input, this.features);
    }
    async score(inputs) {
        return inputs.map((input) => {
            const x = featureVector(input, this.features);
            return typeof x === 'string' ? { status: 'error', error: x } : { status: 'ok', scores: this.probabilities(x) };
        });
    }
    async close() { }
    checkVector(x) {
        if (x.length !== this.features.length)
            throw new Error(`logistic regression: expected ${this.features.length} feature values, got ${x.length}`);
        for (let j = 0; j < x.length; j++) {
            if (typeof x[j] !== 'number' || !Number.isFinite(x[j]))
                throw new Error(`logistic regression: feature ${JSON.stringify(this.features[j])} is not a finite number`);
        }
    }
}
function featureVector(input, features) {
    if (input.kind !== 'features')
        return 'logistic regression scores numeric feature inputs only';
    const x = [];
    for (const f of features) {
        if (!Object.hasOwn(input.values, f))
            return `missing feature ${JSON.stringify(f)}`;
        const v = input.values[f];
        if (typeof v !== 'number' || !Number.isFinite(v))
            return `feature ${JSON.stringify(f)} is not a finite number: ${String(v)}`;
        x.push(v);
    }
    return x;
}

;// CONCATENATED MODULE: ./src/models/naive-bayes.ts




function fitNaiveBayesCounts(train, labels) {
    const docs = train.map((e) => (e.input.kind === 'text' ? wordTokens(e.input.text) : []));
    const vocabulary = sortCodePoints(new Set(docs.flat()));
    const index = new Map(vocabulary.map((w, i) => [w, i]));
    const labelIndex = new Map(labels.map((l, i) => [l, i]));
    const classCount = labels.map(() => 0);
    const featureCount = labels.map(() => new Array(vocabulary.length).fill(0));
    train.forEach((e, d) => {
        const c = labelIndex.get(e.label);
        classCount[c] = classCount[c] + 1;
        const row = featureCount[c];
        for (const w of docs[d]) {
            const f = index.get(w);
            row[f] = row[f] + 1;
        }
    });
    return { labels: [...labels], vocabulary, classCount, featureCount };
}
class NaiveBayesModel {
    name;
    params;
    alpha;
    labels;
    index;
    logPrior;
    logLikelihood;
    digest;
    constructor(name, params, alpha) {
        this.name = name;
        this.params = params;
        this.alpha = alpha;
        this.labels = params.labels;
        this.index = new Map(params.vocabulary.map((w, i) => [w, i]));
        const n = params.classCount.reduce((a, b) => a + b, 0);
        this.logPrior = params.classCount.map((c) => Math.log(c) - Math.log(n));
        this.logLikelihood = params.featureCount.map((row) => {
            const total = row.reduce((a, b) => a + b + alpha, 0);
            const logTotal = Math.log(total);
            return Float64Array.from(row, (c) => Math.log(c + alpha) - logTotal);
        });
        this.digest = sha256Hex(stableJson({ kind: 'naive-bayes', alpha, ...params }));
    }
    static fit(name, train, labels, alpha = 1) {
        return new NaiveBayesModel(name, fitNaiveBayesCounts(train, labels), alpha);
    }
    describe() {
        return {
            name: this.name,
            kind: 'naive-bayes',
            params: { alpha: this.alpha, vocabulary_size: this.params.vocabulary.length, features: 'CountVectorizer(lowercase=True)' },
            digest: this.digest,
            probabilities: true
        };
    }
    /** Posterior probabilities in label order. */
    probabilities(text) {
        const counts = new Map();
        for (const w of wordTokens(text)) {
            const f = this.index.get(w);
            if (f !== undefined)
                counts.set(f, (counts.get(f) ?? 0) + 1);
        }
        if (counts.size === 0)
            return this.labels.map(() => 0);
        // Sum features in vocabulary order, as a sparse row product does.
        const features = [...counts.keys()].sort((a, b) => a - b);
        const joint = this.logLikelihood.map((row, c) => {
            let s = 0;
            for (const f of features)
                s += counts.get(f) * row[f];
            return s + this.logPrior[c];
        });
        const max = Math.max(...joint);
        let sum = 0;
        for (const j of joint)
            sum += Math.exp(j - max);
        const logNorm = Math.log(sum) + max;
        return joint.map((j) => Math.exp(j - logNorm));
    }
    async score(inputs) {
        return inputs.map((input) => input.kind === 'text'
            ? { status: 'ok', scores: this.probabilities(input.text) }
            : { status: 'error', error: 'naive-bayes scores text inputs only' });
    }
    async close() { }
}

;// CONCATENATED MODULE: ./src/models/build.ts





async function buildModels(plans, train, labels, options = {}) {
    const features = options.features ?? [];
    const fitted = new Map();
    const tfidf = (analyzer, name) => {
        const params = fitted.get(analyzer) ?? fitTfidf(analyzer, train, labels);
        fitted.set(analyzer, params);
        return new TfidfModel(name, params);
    };
    return plans.map((plan) => {
        switch (plan.kind) {
            case 'naive-bayes':
                return NaiveBayesModel.fit(plan.name, train, labels, plan.params.alpha);
            case 'tfidf-word':
                return tfidf('word', plan.name);
            case 'tfidf-char':
                return tfidf('char', plan.name);
            case 'logistic-regression':
                return LogisticRegressionModel.fit(plan.name, train, labels, features, plan.params.C);
            case 'external': {
                const p = plan.params;
                const externalPlan = { name: plan.name, command: p.command, timeoutS: p.timeout_s, requestTimeoutS: p.request_timeout_s, probabilities: p.probabilities, env: p.env, window: p.window };
                return new ExternalModel(externalPlan, labels, options.root ?? process.cwd(), options.log ?? (() => { }));
            }
            case 'hybrid':
                return new HybridModel(plan.name, tfidf('word', `${plan.name}/word`), tfidf('char', `${plan.name}/char`), plan.params.word_weight);
            default:
                // Every kind the config loader accepts has a case above; reaching here is a bug.
                throw new Error(`model kind ${plan.kind} has no builder`);
        }
    });
}

;// CONCATENATED MODULE: ./src/version.ts
/** Tool identity recorded in every manifest; kept equal to package.json by a test. */
const TOOL_NAME = 'evidence-gate';
const TOOL_VERSION = '0.1.0';

;// CONCATENATED MODULE: ./src/report/manifest.ts



const MANIFEST_SCHEMA_VERSION = 1;
function buildManifest(input) {
    const { plan, dataset, gate } = input;
    const tm = plan.threatModel;
    return {
        schema_version: MANIFEST_SCHEMA_VERSION,
        tool: { name: TOOL_NAME, version: TOOL_VERSION, bundle_sha256: input.bundleSha256, node: process.version },
        config: { path: plan.config.path, sha256: plan.config.sha256, version: plan.version },
        threat_model: {
            id: tm.id,
            revision: tm.revision,
            protected_outcome: tm.protectedOutcome,
            objective: tm.objective,
            protected_transitions: tm.protectedTransitions,
            access: tm.access,
            attacks: input.families,
            constraints: { max_char_edit_ratio: tm.constraints.maxCharEditRatio },
            dictionaries: input.dictionaries
        },
        data: {
            task: plan.task,
            files: dataset.files,
            columns: plan.data.columns,
            on_bad_row: plan.data.onBadRow,
            skipped_rows: dataset.skipped,
            labels: dataset.labels,
            languages: dataset.languages,
            label_digest: dataset.labelDigest,
            label_digest_definition: LABEL_DIGEST_DEFINITION,
            train_overlap: dataset.overlap
        },
        models: input.models,
        statistics: {
            seed: plan.statistics.seed,
            bootstrap_iterations: plan.statistics.bootstrapIterations,
            paired_iterations: plan.statistics.pairedIterations,
            interval: plan.statistics.interval,
            prng: PRNG_NAME,
            stream_derivation: STREAM_DERIVATION,
            perturbation_decisions: 'each perturbation choice is u = uint32(first 4 bytes of SHA-256(seed NUL family NUL id NUL position)) / 2^32, independent of row order and of other rows'
        },
        selective: { abstain_below: plan.selective.abstainBelow },
        conditions: { evaluated: input.conditionsEvaluated, families_not_configured: input.familiesNotConfigured },
        lock_files: input.lockFiles,
        counters: input.counters,
        gate: {
            verdict: gate.verdict,
            counts: gate.counts,
            failing_checks: gate.failing,
            allow_not_evaluated: gate.allow_not_evaluated,
            judged_models: plan.gate.models
        },
        evidence: input.evidence,
        files: input.files,
        run: input.run
    };
}

;// CONCATENATED MODULE: ./src/report/output-dir.ts
/**
 * The output folder is written under a temporary sibling name and moved into place only when
 * complete, so an interrupted run never leaves a folder that looks like valid evidence.
 * An existing folder is replaced only if it is empty or an earlier Evidence Gate output.
 */




function isOurs(dir) {
    const entries = (0,external_node_fs_.readdirSync)(dir);
    if (entries.length === 0)
        return true;
    const manifest = (0,external_node_path_namespaceObject.join)(dir, 'manifest.json');
    if (!(0,external_node_fs_.existsSync)(manifest))
        return false;
    try {
        return JSON.parse((0,external_node_fs_.readFileSync)(manifest, 'utf8')).tool?.name === TOOL_NAME;
    }
    catch {
        return false;
    }
}
function assertReplaceable(dir, shown) {
    if (!(0,external_node_fs_.existsSync)(dir))
        return;
    if (!(0,external_node_fs_.statSync)(dir).isDirectory())
        throw new UsageError(`output ${shown} exists and is not a folder; expected a folder path for the evidence`);
    if (!isOurs(dir))
        throw new UsageError(`output folder ${shown} holds other files; expected an empty folder or an earlier Evidence Gate output`);
}
function createStaging(dir) {
    (0,external_node_fs_.mkdirSync)((0,external_node_path_namespaceObject.dirname)(dir), { recursive: true });
    const staging = (0,external_node_path_namespaceObject.join)((0,external_node_path_namespaceObject.dirname)(dir), `.${(0,external_node_path_namespaceObject.basename)(dir)}.tmp-${process.pid}`);
    (0,external_node_fs_.rmSync)(staging, { recursive: true, force: true });
    (0,external_node_fs_.mkdirSync)(staging);
    return staging;
}
function commitStaging(staging, dir) {
    (0,external_node_fs_.rmSync)(dir, { recursive: true, force: true });
    (0,external_node_fs_.renameSync)(staging, dir);
}
function discardStaging(staging) {
    (0,external_node_fs_.rmSync)(staging, { recursive: true, force: true });
}

;// CONCATENATED MODULE: ./src/report/format.ts
function percent(value, digits = 1) {
    return `${(100 * value).toFixed(digits)}%`;
}
function statusText(figure) {
    if (figure.status === 'not_applicable')
        return 'n/a';
    if (figure.status === 'not_evaluated' || figure.value === null)
        return `not evaluated (n=${figure.denominator ?? 0})`;
    return null;
}
/** "77.8% (42/54)", or the status when the figure has no value. */
function rateText(figure) {
    return statusText(figure) ?? `${percent(figure.value)} (${figure.numerator}/${figure.denominator})`;
}
/** "42/54" for a count within its population. */
function countText(figure) {
    return statusText(figure) ?? `${figure.value}/${figure.denominator}`;
}
/** "−3.7 pp" for a percentage-point figure. */
function ppText(figure) {
    return statusText(figure) ?? `${figure.value >= 0 ? '+' : ''}${figure.value.toFixed(1)} pp`;
}
function fixed(value, digits = 3) {
    return value === null ? '—' : value.toFixed(digits);
}
/** Checks whose figure is a rate of counts, shown as a percentage with its counts. */
function isRateCheck(c) {
    return /(accuracy|flip_rate|coverage|attack_success)$/.test(c.check);
}
const PP_CHECKS = new Set(['generalization_gap', 'accuracy_drop']);
/** A check's value for a report: "50.0% (27/54)", "48.46 pp", "15.437", or its status. */
function checkValueText(c) {
    if (c.value === null)
        return c.status === 'not_applicable' ? 'not applicable' : 'not evaluated';
    if (isRateCheck(c))
        return `${percent(c.value)} (${c.numerator}/${c.denominator})`;
    if (PP_CHECKS.has(c.check))
        return `${c.value.toFixed(2)} pp`;
    if (c.check === 'length_psi')
        return fixed(c.value, 3);
    return String(c.value);
}
/** A check's threshold with its direction: "≥ 75%", "≤ 22 pp". */
function checkThresholdText(c) {
    const op = c.direction === 'min' ? '≥' : '≤';
    if (isRateCheck(c))
        return `${op} ${percent(c.threshold, 0)}`;
    return `${op} ${c.threshold}${PP_CHECKS.has(c.check) ? ' pp' : ''}`;
}

;// CONCATENATED MODULE: ./src/report/escape.ts
/**
 * Dataset and config text shown in markdown is inert: HTML is escaped, markdown syntax is
 * backslash-escaped, `@` cannot mention anyone, line breaks cannot end a table row, and the
 * length is bounded (in code points, so no surrogate pair is cut).
 */
const DEFAULT_MAX_CHARS = 80;
function truncate(text, max = DEFAULT_MAX_CHARS) {
    const points = Array.from(text);
    return points.length <= max ? text : points.slice(0, Math.max(1, max - 1)).join('') + '…';
}
const HTML = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '@': '&#64;' };
/** Control characters and line separators become one space: the text stays on one line. */
function flatten(text) {
    return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ');
}
/** Escape for a markdown table cell or inline text. */
function md(text, max = DEFAULT_MAX_CHARS) {
    const flat = truncate(flatten(text), max);
    // Markdown first, so the `#` and `;` of the entities added next stay as they are.
    return flat.replace(/[\\`*_{}[\]()#+\-.!|~:]/g, (c) => `\\${c}`).replace(/[&<>"'@]/g, (c) => HTML[c]);
}
/**
 * Inline code for identifiers (check ids, config keys, paths), which may embed data values
 * such as a language: no backtick can close the span early and `\|` keeps table cells intact.
 */
function code(text, max = DEFAULT_MAX_CHARS) {
    const flat = truncate(flatten(text), max);
    return '`' + flat.replace(/`/g, "'").replace(/\|/g, '\\|') + '`';
}
const ENTITIES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Escape for HTML/SVG text and attribute values (& < > " '). */
function escapeHtml(text) {
    return text.replace(/[&<>"']/g, (c) => ENTITIES[c]);
}

;// CONCATENATED MODULE: ./src/report/svg.ts
/**
 * Tiny, pure SVG chart helpers for report.html (SPEC §11). Each returns one inline `<svg>`
 * string of fixed size: every coordinate is printed with a fixed number of decimals, every
 * text is escaped and bounded, and there is no `xmlns` URL, script, link or external
 * resource. Same input → identical string.
 */

const CHART_WIDTH = 560;
const CHART_HEIGHT = 320;
/** Points drawn per series; longer curves are downsampled evenly, keeping the last point. */
const MAX_CURVE_POINTS = 500;
/** Bars drawn per bar chart. */
const MAX_BARS = 100;
const MARGIN = { top: 34, right: 16, bottom: 56, left: 56 };
const PLOT_W = CHART_WIDTH - MARGIN.left - MARGIN.right;
const PLOT_H = CHART_HEIGHT - MARGIN.top - MARGIN.bottom;
const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b', '#e377c2', '#7f7f7f', '#bcbd22', '#17becf'];
/** Untrusted text made inert: one line, bounded length, escaped. */
function safeText(text, max = 80) {
    return escapeHtml(truncate(flatten(String(text)), max));
}
/** A coordinate or value with a fixed number of decimals; non-finite values become 0. */
function num(value, digits = 2) {
    if (!Number.isFinite(value))
        return (0).toFixed(digits);
    const out = value.toFixed(digits);
    return /^-0(\.0+)?$/.test(out) ? out.slice(1) : out;
}
/** At most `max` items, taken evenly, always keeping the first and the last. */
function downsample(items, max = MAX_CURVE_POINTS) {
    if (items.length <= max)
        return [...items];
    if (max <= 1)
        return items.slice(-1);
    const out = [];
    const step = (items.length - 1) / (max - 1);
    for (let i = 0; i < max - 1; i++)
        out.push(items[Math.round(i * step)]);
    out.push(items[items.length - 1]);
    return out;
}
function clamp(v, lo, hi) {
    return Number.isFinite(v) ? Math.min(hi, Math.max(lo, v)) : lo;
}
/** A round upper bound for an axis: one significant step above the data's maximum. */
function niceMax(value) {
    if (!Number.isFinite(value) || value <= 0)
        return 1;
    const magnitude = Math.pow(10, Math.floor(Math.log10(value)));
    for (const step of [1, 2, 2.5, 5, 10])
        if (step * magnitude >= value)
            return step * magnitude;
    return 10 * magnitude;
}
function svg_open(title) {
    const t = safeText(title, 120);
    return [
        `<svg class="chart" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}" role="img" aria-label="${t}">`,
        `<title>${t}</title>`,
        `<rect x="0" y="0" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" fill="#ffffff"/>`,
        `<text x="${CHART_WIDTH / 2}" y="20" text-anchor="middle" font-size="14" font-weight="bold">${t}</text>`
    ];
}
function axisLabels(xLabel, yLabel) {
    const cy = MARGIN.top + PLOT_H / 2;
    return [
        `<text x="${num(MARGIN.left + PLOT_W / 2)}" y="${CHART_HEIGHT - 8}" text-anchor="middle" font-size="12">${safeText(xLabel, 60)}</text>`,
        `<text x="14" y="${num(cy)}" text-anchor="middle" font-size="12" transform="rotate(-90 14 ${num(cy)})">${safeText(yLabel, 60)}</text>`
    ];
}
function svg_frame() {
    return `<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${PLOT_W}" height="${PLOT_H}" fill="none" stroke="#333333" stroke-width="1"/>`;
}
/** Five ticks on each axis of a [0, xMax] × [yMin, yMax] plot, with grid lines. */
function ticks(xMax, yMin, yMax, digits) {
    const out = [];
    for (let i = 0; i <= 4; i++) {
        const f = i / 4;
        const y = MARGIN.top + PLOT_H - f * PLOT_H;
        out.push(`<line x1="${MARGIN.left}" y1="${num(y)}" x2="${MARGIN.left + PLOT_W}" y2="${num(y)}" stroke="#e0e0e0" stroke-width="1"/>`);
        out.push(`<text x="${MARGIN.left - 6}" y="${num(y + 4)}" text-anchor="end" font-size="11">${num(yMin + f * (yMax - yMin), digits)}</text>`);
        if (xMax !== null) {
            const x = MARGIN.left + f * PLOT_W;
            out.push(`<text x="${num(x)}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle" font-size="11">${num(f * xMax, 2)}</text>`);
        }
    }
    return out;
}
function empty() {
    return `<text x="${num(MARGIN.left + PLOT_W / 2)}" y="${num(MARGIN.top + PLOT_H / 2)}" text-anchor="middle" font-size="12" fill="#666666">no data</text>`;
}
/** Line chart, e.g. risk–coverage curves (x = coverage, y = risk), one line and legend entry per series. */
function lineChart(series, opts) {
    const xMax = opts.xMax !== undefined && opts.xMax > 0 ? opts.xMax : 1;
    const allY = series.flatMap((s) => s.points.map((p) => p[1])).filter((v) => Number.isFinite(v));
    const yMax = opts.yMax !== undefined && opts.yMax > 0 ? opts.yMax : niceMax(allY.length > 0 ? Math.max(...allY) : 1);
    const sx = (x) => MARGIN.left + (clamp(x, 0, xMax) / xMax) * PLOT_W;
    const sy = (y) => MARGIN.top + PLOT_H - (clamp(y, 0, yMax) / yMax) * PLOT_H;
    const out = svg_open(opts.title);
    out.push(...ticks(xMax, 0, yMax, yMax < 0.1 ? 3 : 2), svg_frame());
    const shown = series.slice(0, PALETTE.length * 2);
    shown.forEach((s, i) => {
        const color = PALETTE[i % PALETTE.length];
        const pts = downsample(s.points);
        if (pts.length === 1) {
            const [x, y] = pts[0];
            out.push(`<circle cx="${num(sx(x))}" cy="${num(sy(y))}" r="3" fill="${color}"/>`);
        }
        else if (pts.length > 1) {
            out.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.map(([x, y]) => `${num(sx(x))},${num(sy(y))}`).join(' ')}"/>`);
        }
    });
    if (shown.every((s) => s.points.length === 0))
        out.push(empty());
    // Legend, top-left inside the plot.
    shown.forEach((s, i) => {
        const color = PALETTE[i % PALETTE.length];
        const y = MARGIN.top + 14 + i * 16;
        out.push(`<line x1="${MARGIN.left + 8}" y1="${y - 4}" x2="${MARGIN.left + 26}" y2="${y - 4}" stroke="${color}" stroke-width="3"/>`);
        out.push(`<text x="${MARGIN.left + 32}" y="${y}" font-size="11">${safeText(s.name, 70)}</text>`);
    });
    out.push(...axisLabels(opts.xLabel, opts.yLabel), '</svg>');
    return out.join('\n');
}
/** Reliability diagram: one bar of accuracy per confidence bin, against the diagonal of perfect calibration. */
function reliabilityChart(bins, title) {
    const sx = (x) => MARGIN.left + clamp(x, 0, 1) * PLOT_W;
    const sy = (y) => MARGIN.top + PLOT_H - clamp(y, 0, 1) * PLOT_H;
    const out = svg_open(title);
    out.push(...ticks(1, 0, 1, 2), svg_frame());
    let drawn = 0;
    for (const b of bins.slice(0, MAX_CURVE_POINTS)) {
        if (b.accuracy === null || b.n <= 0)
            continue;
        const x0 = sx(b.lower);
        const x1 = sx(b.upper);
        const y = sy(b.accuracy);
        out.push(`<rect x="${num(x0 + 1)}" y="${num(y)}" width="${num(Math.max(0, x1 - x0 - 2))}" height="${num(MARGIN.top + PLOT_H - y)}" fill="#1f77b4" fill-opacity="0.7"><title>${num(b.lower)}–${num(b.upper)}: accuracy ${num(b.accuracy, 3)} (n=${Math.trunc(b.n)})</title></rect>`);
        if (b.mean_probability !== undefined && b.mean_probability !== null) {
            out.push(`<circle cx="${num(sx(b.mean_probability))}" cy="${num(sy(b.mean_probability))}" r="2.5" fill="#d62728"/>`);
        }
        drawn++;
    }
    if (drawn === 0)
        out.push(empty());
    out.push(`<line x1="${num(sx(0))}" y1="${num(sy(0))}" x2="${num(sx(1))}" y2="${num(sy(1))}" stroke="#666666" stroke-width="1.5" stroke-dasharray="5 4"/>`);
    out.push(`<text x="${MARGIN.left + 8}" y="${MARGIN.top + 14}" font-size="11">bars: accuracy per bin; dashed: perfect calibration</text>`);
    out.push(...axisLabels('confidence (top probability)', 'accuracy'), '</svg>');
    return out.join('\n');
}
/** Vertical bars around a zero line (values may be negative), with optional interval whiskers. */
function barChart(items, opts) {
    const shown = items.slice(0, MAX_BARS);
    const values = shown.flatMap((i) => [i.value, i.low ?? null, i.high ?? null]).filter((v) => v !== null && Number.isFinite(v));
    const hi = values.length > 0 ? Math.max(0, ...values) : 1;
    const lo = values.length > 0 ? Math.min(0, ...values) : 0;
    // Both signs: a symmetric axis, so zero falls on a grid line.
    const bound = niceMax(Math.max(hi, -lo));
    const yMax = hi > 0 ? (lo < 0 ? bound : niceMax(hi)) : 0;
    const yMin = lo < 0 ? (hi > 0 ? -bound : -niceMax(-lo)) : 0;
    const span = yMax - yMin || 1;
    const sy = (v) => MARGIN.top + PLOT_H - ((clamp(v, yMin, yMax) - yMin) / span) * PLOT_H;
    const out = svg_open(opts.title);
    out.push(...ticks(null, yMin, yMin + span, opts.digits ?? 1), svg_frame());
    const zero = sy(0);
    out.push(`<line x1="${MARGIN.left}" y1="${num(zero)}" x2="${MARGIN.left + PLOT_W}" y2="${num(zero)}" stroke="#333333" stroke-width="1"/>`);
    const slot = PLOT_W / Math.max(1, shown.length);
    const width = Math.max(1, Math.min(48, slot * 0.6));
    shown.forEach((item, i) => {
        const cx = MARGIN.left + slot * (i + 0.5);
        const label = safeText(item.label, shown.length > 8 ? 8 : 16);
        out.push(`<text x="${num(cx)}" y="${MARGIN.top + PLOT_H + 16}" text-anchor="middle" font-size="11">${label}</text>`);
        if (item.value === null || !Number.isFinite(item.value)) {
            out.push(`<text x="${num(cx)}" y="${num(zero - 4)}" text-anchor="middle" font-size="10" fill="#666666">n/a</text>`);
            return;
        }
        const y = sy(item.value);
        const top = Math.min(y, zero);
        const color = item.value < 0 ? '#d62728' : '#2ca02c';
        out.push(`<rect x="${num(cx - width / 2)}" y="${num(top)}" width="${num(width)}" height="${num(Math.abs(zero - y))}" fill="${color}" fill-opacity="0.75"><title>${label}: ${num(item.value, opts.digits ?? 1)}</title></rect>`);
        const low = item.low ?? null;
        const high = item.high ?? null;
        if (low !== null && high !== null && Number.isFinite(low) && Number.isFinite(high)) {
            const yl = sy(low);
            const yh = sy(high);
            out.push(`<line x1="${num(cx)}" y1="${num(yl)}" x2="${num(cx)}" y2="${num(yh)}" stroke="#000000" stroke-width="1.5"/>`);
            out.push(`<line x1="${num(cx - 6)}" y1="${num(yl)}" x2="${num(cx + 6)}" y2="${num(yl)}" stroke="#000000" stroke-width="1.5"/>`);
            out.push(`<line x1="${num(cx - 6)}" y1="${num(yh)}" x2="${num(cx + 6)}" y2="${num(yh)}" stroke="#000000" stroke-width="1.5"/>`);
        }
    });
    if (shown.length === 0)
        out.push(empty());
    out.push(...axisLabels(opts.xLabel ?? '', opts.yLabel), '</svg>');
    return out.join('\n');
}

;// CONCATENATED MODULE: ./src/report/html.ts




const HTML_REPORT_SCHEMA_VERSION = 1;
/** Rows per table before the rest is left to checks.json / metrics.json. */
const MAX_TABLE_ROWS = 1000;
const CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";
const STYLE = `
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 1100px; padding: 0 1rem; color: #1a1a1a; line-height: 1.45; }
h1 { font-size: 1.6rem; } h2 { font-size: 1.25rem; margin-top: 2rem; border-bottom: 1px solid #ddd; padding-bottom: .2rem; } h3 { font-size: 1.05rem; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-size: .88rem; }
th, td { border: 1px solid #ccc; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f3f3f3; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: .85em; overflow-wrap: anywhere; }
.verdict { display: inline-block; padding: .3rem .8rem; border-radius: 4px; font-weight: bold; color: #fff; }
.verdict.pass { background: #1b7f3b; } .verdict.fail { background: #b42318; }
.status-fail, .status-not_evaluated { font-weight: bold; color: #b42318; }
.charts { display: flex; flex-wrap: wrap; gap: 1rem; }
svg.chart { border: 1px solid #ddd; max-width: 100%; height: auto; font-family: inherit; }
.note { color: #555; font-size: .9rem; }
`;
const STATUS_WORD = { pass: 'pass', fail: 'fail', not_evaluated: 'not evaluated', not_applicable: 'not applicable' };
/** Text from numbers/format helpers: escaped too, as a matter of course. */
function t(text) {
    return { html: escapeHtml(text) };
}
function n(text) {
    return { html: escapeHtml(text), num: true };
}
function table(header, rows) {
    const shown = rows.slice(0, MAX_TABLE_ROWS);
    const cell = (c) => (typeof c === 'string' ? `<td>${safeText(c)}</td>` : `<td${c.num ? ' class="num"' : ''}>${c.html}</td>`);
    const out = ['<table>', `<thead><tr>${header.map((x) => `<th>${escapeHtml(x)}</th>`).join('')}</tr></thead>`, '<tbody>'];
    for (const r of shown)
        out.push(`<tr>${r.map(cell).join('')}</tr>`);
    out.push('</tbody>', '</table>');
    if (rows.length > shown.length)
        out.push(`<p class="note">…and ${rows.length - shown.length} more rows in the evidence files.</p>`);
    return out.join('\n');
}
function intervalText(i, unit) {
    if (i.status !== 'ok' || i.low === null || i.high === null)
        return '';
    return unit === 'pp' ? ` [${i.low.toFixed(1)}, ${i.high.toFixed(1)}]` : ` [${percent(i.low)}, ${percent(i.high)}]`;
}
function deltaText(delta, interval) {
    return delta.status === 'ok' ? `${ppText(delta)}${intervalText(interval, 'pp')}` : delta.status === 'not_applicable' ? 'n/a' : 'not evaluated';
}
function figureText(f) {
    return f.value === null ? f.status.replace('_', ' ') : fixed(f.value, 3);
}
function verdictSection(input) {
    const { gate, threatModel: tm } = input;
    const c = gate.counts;
    return [
        `<h1>${safeText(input.title, 120)}</h1>`,
        `<p><span class="verdict ${gate.verdict === 'pass' ? 'pass' : 'fail'}">${gate.verdict === 'pass' ? 'PASS' : 'FAIL'}</span></p>`,
        `<p>Threat model <strong>${safeText(tm.id, 80)}</strong> revision ${safeText(tm.revision, 20)}, objective <strong>${safeText(tm.objective, 40)}</strong>. Config <code>${safeText(input.configPath, 120)}</code>. Task ${safeText(input.metrics.task, 20)}.</p>`,
        `<p>Checks: <strong>${c.pass} passed</strong>, <strong>${c.fail} failed</strong>, <strong>${c.not_evaluated} not evaluated</strong>, ${c.not_applicable} not applicable.</p>`
    ];
}
function checksSection(gate) {
    const listed = gate.checks.filter((x) => x.status === 'fail' || x.status === 'not_evaluated');
    if (listed.length === 0)
        return ['<h2>Failing and not-evaluated checks</h2>', '<p>None.</p>'];
    return [
        '<h2>Failing and not-evaluated checks</h2>',
        table(['check', 'status', 'value', 'threshold', 'n', 'config key', 'reason'], listed.map((x) => [
            { html: `<code>${safeText(x.id, 120)}</code>${x.judged ? '' : ' (not judged)'}` },
            { html: `<span class="status-${x.status === 'fail' ? 'fail' : 'not_evaluated'}">${STATUS_WORD[x.status]}</span>` },
            n(checkValueText(x)),
            n(checkThresholdText(x)),
            n(String(x.denominator ?? '—')),
            { html: `<code>${safeText(x.config_key, 80)}</code>${x.threshold_is_default ? ' (default)' : ''}` },
            x.reason ?? ''
        ]))
    ];
}
function robustnessSection(m) {
    const rows = m.robustness.filter((r) => r.scope === ALL);
    if (rows.length === 0)
        return [];
    const out = [`<h3>${safeText(m.model, 60)}</h3>`];
    out.push(table(['condition', 'changed', 'changed flip rate', 'flip rate (all rows)', 'Δ accuracy (pp) [interval]', 'attack success'], rows.map((r) => {
        const ledger = m.ledger.find((l) => l.family === r.condition && l.scope === ALL);
        return [
            r.condition,
            n(countText(r.changed)),
            n(rateText(r.changed_flip_rate)),
            n(rateText(r.flip_rate)),
            n(deltaText(r.accuracy_delta_pp, r.delta_interval_pp)),
            t(ledger ? rateText(ledger.attack_success) : r.condition === 'truncate' ? 'n/a (destructive)' : 'n/a (baseline)')
        ];
    })));
    out.push('<div class="charts">', barChart(rows.map((r) => {
        const ok = r.delta_interval_pp.status === 'ok';
        return {
            label: r.condition,
            value: r.accuracy_delta_pp.status === 'ok' ? r.accuracy_delta_pp.value : null,
            low: ok ? r.delta_interval_pp.low : null,
            high: ok ? r.delta_interval_pp.high : null
        };
    }), { title: `Δ accuracy per condition: ${m.model}`, xLabel: 'condition', yLabel: 'Δ accuracy (pp)' }), '</div>');
    return out;
}
function ledgerRows(m) {
    const rows = m.ledger
        .filter((l) => l.scope === ALL)
        .map((l) => {
        const reasons = Object.entries(l.uncovered_by_reason)
            .filter(([, count]) => count > 0)
            .map(([reason, count]) => `${reason} ${count}`)
            .join(', ');
        return [m.model, l.family, n(String(l.eligible.value)), n(String(l.tested.value)), n(String(l.successes.value)), reasons || '0', n(rateText(l.eligible_coverage)), n(rateText(l.robust_accuracy))];
    });
    const u = m.union.find((x) => x.scope === ALL);
    if (u)
        rows.push([m.model, { html: '<strong>union</strong>' }, n(String(u.eligible.value)), n(String(u.tested.value)), n(String(u.successes.value)), n(String(u.untested.value)), n(rateText(u.union_coverage)), n(rateText(u.union_robust_accuracy))]);
    return rows;
}
function riskCoverageSection(metrics) {
    const series = metrics.models.map((m) => {
        const s = m.selective.find((x) => x.scope === ALL);
        const aurc = s ? (s.aurc.value === null ? s.aurc.status.replace('_', ' ') : fixed(s.aurc.value, 4)) : 'n/a';
        return { name: `${truncateName(m.model)} (AURC ${aurc})`, points: (s?.curve ?? []).map((p) => [p.coverage, p.risk]) };
    });
    return [
        '<h2>Risk–coverage (clean, all rows)</h2>',
        '<p class="note">Rows are accepted in order of decreasing margin; risk is the error rate among the accepted rows. Lower AURC is better.</p>',
        '<div class="charts">',
        lineChart(series, { title: 'Risk–coverage', xLabel: 'coverage', yLabel: 'risk', xMax: 1 }),
        '</div>'
    ];
}
/** Model names in legends are bounded before the AURC text is appended (so the AURC stays visible). */
function truncateName(name) {
    const points = Array.from(name);
    return points.length <= 40 ? name : points.slice(0, 39).join('') + '…';
}
function reliabilitySection(metrics) {
    const models = metrics.models.filter((m) => m.reliability);
    if (models.length === 0)
        return [];
    const out = ['<h2>Reliability (clean, all rows)</h2>', '<div class="charts">'];
    for (const m of models) {
        const r = m.reliability?.find((x) => x.scope === ALL);
        if (!r)
            continue;
        out.push(reliabilityChart(r.bins, `${truncateName(m.model)}: ECE ${figureText(r.ece)}`));
    }
    out.push('</div>');
    return out;
}
function features(values) {
    if (!values)
        return '—';
    return '(' + Object.entries(values).map(([k, v]) => `${k}=${Number(v.toFixed(6)).toString()}`).join(', ') + ')';
}
function tabularSection(metrics) {
    const out = ['<h2>Attack accounting (all rows)</h2>'];
    out.push('<p class="note">Conditional attack success counts only rows that were correct on clean data and tested; errors after FGM over all rows also include the rows that were already wrong. Noise is a corruption baseline: its rate is errors induced among clean-correct rows, not attack success.</p>');
    out.push(table(['model', 'condition', 'errors after (all rows)', 'accuracy after (all rows)', 'errors induced', 'became correct'], metrics.models.flatMap((m) => (m.accounting ?? [])
        .filter((a) => a.scope === ALL)
        .map((a) => [m.model, a.condition, n(rateText(a.post_test_errors)), n(rateText(a.post_test_accuracy)), n(rateText(a.error_induction)), n(String(a.became_correct.value ?? '—'))]))));
    const examples = metrics.models.flatMap((m) => (m.worked_examples ?? []).map((w) => ({ m, w })));
    if (examples.length > 0) {
        out.push('<h3>Worked examples</h3>');
        out.push(table(['model', 'id', 'features', 'after FGM', 'label', 'prediction', 'success'], examples.map(({ m, w }) => [m.model, w.id, features(w.features), features(w.perturbed_features), w.label, `${w.clean_prediction ?? 'missing'} → ${w.prediction ?? 'missing'}`, w.success ? 'yes' : 'no'])));
    }
    return out;
}
function cleanSection(metrics) {
    return [
        '<h2>Clean accuracy</h2>',
        table(['model', 'scope', 'accuracy [interval]', 'macro-F1'], metrics.models.flatMap((m) => m.classification.map((c) => [m.model, c.scope, n(`${rateText(c.accuracy)}${intervalText(c.accuracy_interval, '%')}`), n(fixed(c.macro_f1.value, 3))]))),
        ...(metrics.models.some((m) => m.generalization_gap_pp.status !== 'not_applicable')
            ? [
                table(['model', 'generalization gap'], metrics.models.map((m) => [m.model, n(m.generalization_gap_pp.status === 'ok' ? `${m.generalization_gap_pp.value.toFixed(2)} pp` : m.generalization_gap_pp.status.replace('_', ' '))]))
            ]
            : []),
        ...(metrics.comparisons.length > 0
            ? [
                '<h3>Paired comparisons</h3>',
                table(['model A', 'model B', 'split', 'A − B (pp) [interval]'], metrics.comparisons.map((c) => [c.model_a, c.model_b, c.split, n(deltaText(c.difference_pp, c.interval_pp))]))
            ]
            : [])
    ];
}
function shiftSection(metrics) {
    const d = metrics.data;
    return [
        '<h2>Shift and data</h2>',
        `<p>Length PSI ${escapeHtml(figureText(d.length_psi))}; language JSD ${escapeHtml(figureText(d.language_jsd))}; label JSD ${escapeHtml(figureText(d.label_jsd))} (controlled → challenge). Challenge examples: ${escapeHtml(countText(d.challenge_examples))}.</p>`,
        table(['split', 'rows', 'overlap with train'], Object.entries(d.rows).map(([split, rows]) => {
            const overlap = d.train_overlap.find((o) => o.split === split);
            return [split, n(String(rows)), n(overlap ? String(overlap.count) : '—')];
        })),
        ...(d.language_examples.length > 0 ? [table(['scope', 'language', 'examples'], d.language_examples.map((l) => [l.scope, l.language ?? '—', n(countText(l.figure))]))] : [])
    ];
}
function renderReport(input) {
    const { metrics, gate } = input;
    const body = [...verdictSection(input), ...checksSection(gate)];
    if (metrics.models.some((m) => m.robustness.some((r) => r.scope === ALL))) {
        body.push('<h2>Robustness (all rows)</h2>');
        body.push('<p class="note">Flip rate is flips ÷ changed-and-valid rows; the seed rate divides by all rows. Δ is modified − matched accuracy on the same changed ids, with its bootstrap interval (whiskers in the chart).</p>');
        for (const m of metrics.models)
            body.push(...robustnessSection(m));
    }
    const ledger = metrics.models.flatMap(ledgerRows);
    if (ledger.length > 0) {
        body.push('<h2>Ledger (all rows)</h2>');
        body.push(table(['model', 'family', 'eligible', 'tested', 'successes', 'uncovered', 'eligible coverage', 'robust accuracy'], ledger));
    }
    body.push(...riskCoverageSection(metrics), ...reliabilitySection(metrics));
    if (metrics.task === 'tabular')
        body.push(...tabularSection(metrics));
    body.push(...cleanSection(metrics), ...shiftSection(metrics));
    body.push('<h2>Not tested</h2>', `<p>Conditions evaluated: ${metrics.conditions_evaluated.map((c) => safeText(c, 40)).join(', ')}.</p>`);
    body.push('<p><em>The gate is an engineering checklist, not a certification of robustness, safety or fairness.</em></p>');
    return [
        '<!DOCTYPE html>',
        `<!-- evidence-gate report schema_version: ${HTML_REPORT_SCHEMA_VERSION} -->`,
        '<html lang="en">',
        '<head>',
        '<meta charset="utf-8">',
        `<meta http-equiv="Content-Security-Policy" content="${CSP}">`,
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<meta name="referrer" content="no-referrer">',
        `<title>${safeText(input.title, 120)}</title>`,
        `<style>${STYLE}</style>`,
        '</head>',
        '<body>',
        ...body,
        '</body>',
        '</html>',
        ''
    ].join('\n');
}

;// CONCATENATED MODULE: ./src/report/summary.ts



const SUMMARY_SCHEMA_VERSION = 1;
/** Rows listed per table before the rest is left to checks.json/metrics.json, to stay far below GitHub's 1 MiB step limit. */
const summary_MAX_TABLE_ROWS = 1000;
const summary_STATUS_WORD = { pass: 'pass', fail: '**fail**', not_evaluated: '**not evaluated**', not_applicable: 'not applicable' };
function summary_table(header, rows) {
    const shown = rows.slice(0, summary_MAX_TABLE_ROWS);
    const out = [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...shown.map((r) => `| ${r.join(' | ')} |`)];
    if (rows.length > shown.length)
        out.push('', `…and ${rows.length - shown.length} more rows in the evidence files.`);
    return out;
}
function summary_intervalText(i, unit) {
    if (i.status !== 'ok' || i.low === null || i.high === null)
        return '';
    return unit === 'pp' ? ` [${i.low.toFixed(1)}, ${i.high.toFixed(1)}]` : ` [${percent(i.low)}, ${percent(i.high)}]`;
}
function summary_deltaText(delta, interval) {
    return delta.status === 'ok' ? `${ppText(delta)}${summary_intervalText(interval, 'pp')}` : delta.status === 'not_applicable' ? 'n/a' : 'not evaluated';
}
function robustnessRows(m) {
    return m.robustness
        .filter((r) => r.scope === ALL)
        .map((r) => {
        const ledger = m.ledger.find((l) => l.family === r.condition && l.scope === ALL);
        return [
            md(m.model, 40),
            r.condition,
            countText(r.changed),
            rateText(r.changed_flip_rate),
            rateText(r.flip_rate),
            summary_deltaText(r.accuracy_delta_pp, r.delta_interval_pp),
            ledger ? rateText(ledger.attack_success) : r.condition === 'truncate' ? 'n/a (destructive)' : 'n/a (baseline)'
        ];
    });
}
function summary_ledgerRows(m) {
    const rows = m.ledger
        .filter((l) => l.scope === ALL)
        .map((l) => {
        const u = l.uncovered_by_reason;
        const reasons = Object.entries(u)
            .filter(([, n]) => n > 0)
            .map(([reason, n]) => `${reason} ${n}`)
            .join(', ');
        return [md(m.model, 40), l.family, String(l.in_scope.value), String(l.eligible.value), String(l.tested.value), String(l.successes.value), reasons || '0', rateText(l.eligible_coverage), rateText(l.robust_accuracy)];
    });
    const u = m.union.find((x) => x.scope === ALL);
    if (u)
        rows.push([md(m.model, 40), '**union**', String(u.in_scope.value), String(u.eligible.value), String(u.tested.value), String(u.successes.value), String(u.untested.value), rateText(u.union_coverage), rateText(u.union_robust_accuracy)]);
    return rows;
}
function checklistRows(m, languages) {
    const cls = (split, language = null) => m.classification.find((c) => c.split === split && c.language === language);
    const challenge = cls(CHALLENGE_SPLIT);
    const reference = cls(REFERENCE_SPLIT);
    const langs = languages.map((l) => {
        const f = cls(CHALLENGE_SPLIT, l)?.accuracy;
        return `${md(l, 20)} ${f ? rateText(f) : '—'}`;
    });
    return [
        [
            md(m.model, 40),
            reference ? rateText(reference.accuracy) : '—',
            challenge ? `${rateText(challenge.accuracy)}${summary_intervalText(challenge.accuracy_interval, '%')}` : '—',
            m.generalization_gap_pp.status === 'ok' ? `${m.generalization_gap_pp.value.toFixed(2)} pp` : m.generalization_gap_pp.status.replace('_', ' '),
            challenge && challenge.macro_f1.value !== null ? fixed(challenge.macro_f1.value, 3) : '—',
            langs.join('; ') || '—'
        ]
    ];
}
function summary_features(values) {
    if (!values)
        return '—';
    return '(' + Object.values(values).map((v) => Number(v.toFixed(6)).toString()).join(', ') + ')';
}
/** SPEC §13 accounting: why post-attack errors over all rows differ from attack successes. */
function tabularSections(metrics, counters) {
    const out = ['## Attack accounting (all rows)', ''];
    out.push('Conditional attack success counts only rows that were correct on clean data and tested; errors after FGM over all rows also include the rows that were already wrong, which FGM leaves unchanged. Noise is a corruption baseline: its rate is errors induced among clean-correct rows, not attack success.', '');
    const rows = metrics.models.map((m) => {
        const clean = m.classification.find((c) => c.scope === ALL)?.accuracy;
        const ledger = m.ledger.find((l) => l.family === 'fgm' && l.scope === ALL);
        const fgm = m.accounting?.find((a) => a.condition === 'fgm' && a.scope === ALL);
        const noise = m.accounting?.find((a) => a.condition === 'noise' && a.scope === ALL);
        return [
            md(m.model, 40),
            clean ? rateText(clean) : '—',
            ledger ? String(ledger.eligible.value) : '—',
            ledger ? String(ledger.tested.value) : '—',
            ledger ? rateText(ledger.attack_success) : 'n/a',
            fgm ? rateText(fgm.post_test_errors) : 'n/a',
            ledger ? rateText(ledger.robust_accuracy) : 'n/a',
            noise ? rateText(noise.error_induction) : 'n/a',
            noise ? `${rateText(noise.post_test_accuracy)}; ${noise.became_correct.value} became correct` : 'n/a'
        ];
    });
    out.push(...summary_table(['model', 'clean accuracy', 'eligible', 'tested', 'conditional attack success', 'errors after FGM (all rows)', 'robust accuracy', 'noise: errors induced', 'noise: accuracy after'], rows), '');
    if (metrics.models.some((m) => m.worked_examples && m.worked_examples.length > 0)) {
        out.push('For a binary linear model one clipped sign step is the exact worst case inside the box ∩ L∞ ball (the evidence marks these rows `exact`); otherwise FGM is a one-step search that can miss failures.', '');
        out.push('### Worked examples', '');
        out.push(...summary_table(['model', 'id', 'features', 'after FGM', 'label', 'prediction'], metrics.models.flatMap((m) => (m.worked_examples ?? []).map((w) => [md(m.model, 40), md(w.id, 40), summary_features(w.features), summary_features(w.perturbed_features), md(w.label, 20), `${md(w.clean_prediction ?? 'missing', 20)} → ${md(w.prediction ?? 'missing', 20)}`]))), '');
    }
    out.push(`Work inside attack generation: ${counters
        .map((c) => `${md(c.model, 40)} ${c.gradientEvaluations ?? 0} gradient and ${c.predictionEvaluations ?? 0} prediction evaluations (samples processed, not API calls; clean scoring is extra)`)
        .join('; ')}.`, '');
    const abstaining = metrics.models.filter((m) => m.abstention);
    if (abstaining.length > 0) {
        out.push('### Abstention (post-hoc review policy, not an adaptive attack)', '');
        out.push(...summary_table(['model', 'condition', 'abstained', 'accepted', 'accepted but wrong'], abstaining.flatMap((m) => (m.abstention ?? []).filter((a) => a.scope === ALL).map((a) => [md(m.model, 40), a.condition, rateText(a.abstained), String(a.accepted.value), String(a.accepted_but_wrong.value)]))), '');
    }
    return out;
}
function renderSummary(input) {
    const { plan, dataset, metrics, gate } = input;
    const tm = plan.threatModel;
    // An HTML comment: invisible when rendered, it versions the file like every other output.
    const out = [`<!-- evidence-gate summary schema_version: ${SUMMARY_SCHEMA_VERSION} -->`];
    out.push(`# Evidence Gate: ${gate.verdict === 'pass' ? '✅ PASS' : '❌ FAIL'}`, '');
    out.push(`Threat model **${md(tm.id, 80)}** revision ${md(tm.revision, 20)}, objective **${tm.objective}**, access ${tm.access}. Config ${md(plan.config.path, 120)}.`, '');
    const c = gate.counts;
    out.push(`Checks: **${c.pass} passed**, **${c.fail} failed**, **${c.not_evaluated} not evaluated**, ${c.not_applicable} not applicable.`, '');
    const listed = gate.checks.filter((x) => x.status === 'fail' || x.status === 'not_evaluated');
    if (listed.length > 0) {
        out.push('## Failing and not-evaluated checks', '');
        out.push(...summary_table(['check', 'status', 'value', 'threshold', 'n', 'config key'], listed.map((x) => [
            md(x.id, 120) + (x.judged ? '' : ' (not judged)'),
            summary_STATUS_WORD[x.status],
            checkValueText(x),
            checkThresholdText(x),
            String(x.denominator ?? '—'),
            `${code(x.config_key)}${x.threshold_is_default ? ' (default)' : ''}`
        ])), '');
    }
    if (metrics.conditions_evaluated.length > 1) {
        out.push('## Robustness (all rows)', '');
        out.push('Flip rate is flips ÷ changed-and-valid rows; the seed rate divides by all rows. Δ is modified − matched accuracy on the same changed ids, with its bootstrap interval.', '');
        out.push(...summary_table(['model', 'condition', 'changed', 'changed flip rate', 'flip rate (all rows)', 'Δ accuracy (pp)', 'attack success'], metrics.models.flatMap(robustnessRows)), '');
        out.push('## Ledger (all rows)', '');
        out.push(...summary_table(['model', 'family', 'in scope', 'eligible', 'tested', 'successes', 'uncovered', 'eligible coverage', 'robust accuracy'], metrics.models.flatMap(summary_ledgerRows)), '');
    }
    if (metrics.task === 'tabular')
        out.push(...tabularSections(metrics, input.counters));
    if (dataset.splits.some((s) => s.split === CHALLENGE_SPLIT)) {
        out.push('## Release checklist (clean)', '');
        out.push(...summary_table(['model', 'controlled accuracy', 'challenge accuracy', 'gap', 'challenge macro-F1', 'challenge accuracy by language'], metrics.models.flatMap((m) => checklistRows(m, dataset.languages))), '');
    }
    else {
        out.push('## Clean accuracy', '');
        const splits = dataset.splits.map((s) => s.split);
        out.push(...summary_table(['model', ...splits.map((s) => md(s, 40)), 'macro-F1 (all)'], metrics.models.map((m) => [
            md(m.model, 40),
            ...splits.map((s) => {
                const c = m.classification.find((x) => x.split === s && x.language === null);
                return c ? `${rateText(c.accuracy)}${summary_intervalText(c.accuracy_interval, '%')}` : '—';
            }),
            fixed(m.classification[0]?.macro_f1.value ?? null, 3)
        ])), '');
    }
    out.push('## Shift and data', '');
    const d = metrics.data;
    const figure = (f) => (f.value === null ? f.status.replace('_', ' ') : fixed(f.value, 3));
    out.push(`Length PSI ${figure(d.length_psi)}; language JSD ${figure(d.language_jsd)}; label JSD ${figure(d.label_jsd)} (controlled → challenge).`, '');
    out.push(...summary_table(['split', 'file', 'rows', 'skipped', 'overlap with train', 'sha256'], dataset.files.map((f) => {
        const overlap = dataset.overlap.find((o) => o.split === f.split);
        return [md(f.split, 40), md(f.path, 80), String(f.rows), String(f.skipped), overlap ? String(overlap.count) : '—', code(f.sha256.slice(0, 12))];
    })), '');
    if (dataset.skipped.length > 0)
        out.push(`Skipped bad rows (data.on_bad_row: skip): **${dataset.skipped.length}**.`, '');
    out.push('## Not tested', '');
    out.push(`Conditions evaluated: ${metrics.conditions_evaluated.join(', ')}.`);
    if (input.familiesNotConfigured.length > 0)
        out.push(`Families left out of the threat model (not tested): ${input.familiesNotConfigured.join(', ')}.`);
    out.push(metrics.task === 'tabular'
        ? 'FGM takes one gradient step and noise one random draw per row: neither is an adaptive search, so a row that survives is evidence about that test only.'
        : 'Perturbations are fixed, seeded transformations, not an adaptive search: a family with no success is evidence about that test only.', '');
    out.push('## Evidence', '');
    out.push(`Per-example evidence, metrics, checks and the manifest are in ${md(input.outputDir + '/', 120)}.`, '');
    out.push('_The gate is an engineering checklist, not a certification of robustness, safety or fairness._', '');
    return out.join('\n');
}

;// CONCATENATED MODULE: ./src/engine.ts
/**
 * The one engine both adapters call (SPEC §2): config → plan → data → models → evidence →
 * metrics → gate → reports, all written to one output folder. No GitHub or terminal I/O here:
 * the clock, the log and the run context are passed in.
 */





























const EVIDENCE_FILE = 'evidence.jsonl';
function dataFacts(dataset) {
    const rows = {};
    const languageRows = {};
    const labelRows = {};
    const tokenTypes = {};
    let hasLanguage = false;
    for (const { split, examples } of dataset.splits) {
        rows[split] = examples.length;
        const perLanguage = {};
        const perLabel = {};
        for (const e of examples) {
            perLanguage[e.language] = (perLanguage[e.language] ?? 0) + 1;
            perLabel[e.label] = (perLabel[e.label] ?? 0) + 1;
            if (e.language !== UNKNOWN_LANGUAGE)
                hasLanguage = true;
        }
        languageRows[split] = perLanguage;
        labelRows[split] = perLabel;
        tokenTypes[split] = examples.map((e) => (e.input.kind === 'text' ? uniqueTokenTypes(e.input.text) : 0));
    }
    return { splits: dataset.splits.map((s) => s.split), rows, languages: dataset.languages, languageRows, labelRows, tokenTypes, hasLanguage, overlap: dataset.overlap };
}
/** A model's manifest entry; external models add their command's file digests and protocol counters. */
function describeForManifest(model, plan) {
    const description = { ...model.describe() };
    if (plan.kind !== 'external' || !(model instanceof ExternalModel))
        return description;
    const files = plan.params.files.map((f) => ({ path: f.path, sha256: sha256Hex((0,external_node_fs_.readFileSync)(f.absolute)) }));
    return {
        ...description,
        // The model's identity: its command line and the digests of the files it was declared to use.
        digest: sha256Hex(stableJson({ command: plan.params.command, files })),
        files,
        env: plan.params.env,
        // Wall time cannot repeat: it lives in manifest.run (see externalWallTimes).
        counters: { ...model.counters(), wall_ms: undefined }
    };
}
/** Each external model's process wall time, for manifest.run. */
function externalWallTimes(models) {
    return Object.fromEntries(models.flatMap((m) => (m instanceof ExternalModel ? [[`model:${m.name}`, m.counters().wall_ms]] : [])));
}
/** The tail of each external model's stderr, when it wrote any, as `stderr-<model>.txt`. */
function writeStderrTails(dir, models) {
    const out = {};
    models.forEach((m, i) => {
        if (!(m instanceof ExternalModel))
            return;
        const tail = m.stderrTail();
        if (tail === '')
            return;
        const name = `stderr-${i + 1}-${m.name.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 60)}.txt`;
        writeFile(dir, name, tail, out);
    });
    return out;
}
/** Families the threat model leaves out: reported as not tested. */
function familiesNotConfigured(plan) {
    const all = plan.task === 'tabular' ? TABULAR_FAMILIES : FAMILIES;
    return all.filter((f) => !(f in plan.threatModel.attacks));
}
/** The tabular families as the manifest records them: budget, bounds, editable set, validity rule. */
function tabularFamilies(plan) {
    const space = featureSpace(plan);
    const parameters = { eps: space.eps, editable: plan.threatModel.tabular?.editable ?? [], bounds: plan.threatModel.tabular?.bounds ?? {} };
    return tabularConditions(plan)
        .filter((c) => c !== 'clean')
        .map((family) => ({
        family,
        label_preserving: true,
        parameters: family === 'noise' ? { ...parameters, draw: 'uniform in [-eps, eps] per editable feature, seeded by (seed, noise, id, feature index), clipped to bounds' } : { ...parameters, step: 'one sign step of size eps on clean-correct rows, labels = the model\'s own predictions, clipped to bounds' },
        validity_rule: VALIDITY_RULE
    }));
}
function writeFile(dir, name, content, files) {
    (0,external_node_fs_.writeFileSync)((0,external_node_path_namespaceObject.join)(dir, name), content, 'utf8');
    files[name] = { sha256: sha256Hex(content), bytes: Buffer.byteLength(content, 'utf8') };
}
async function run(options, deps = {}) {
    const now = deps.now ?? (() => performance.now());
    const timestamp = deps.timestamp ?? (() => new Date().toISOString());
    const log = deps.log ?? (() => { });
    const root = (0,external_node_path_namespaceObject.resolve)(options.root);
    const started = timestamp();
    const wall = {};
    let mark = now();
    const stage = (name) => {
        const t = now();
        wall[name] = Math.round((t - mark) * 1000) / 1000;
        mark = t;
    };
    const plan = loadPlan({ root, configPath: options.configPath, cwd: options.cwd });
    const outGiven = options.outputDir ?? DEFAULT_OUTPUT_DIR;
    const out = resolveInside(root, (0,external_node_path_namespaceObject.resolve)(options.cwd ?? root, outGiven));
    if (typeof out === 'string')
        throw new UsageError(`output folder: ${out}`);
    if (out.relative === '.')
        throw new UsageError('output folder: expected a folder below the repository root, found the root itself');
    assertReplaceable(out.absolute, out.relative);
    stage('config');
    const dataset = loadDataset(plan.data);
    checkPlanAgainstData(plan, dataset);
    const families = buildFamilies(plan.threatModel.attacks, { seed: plan.statistics.seed, maxCharEditRatio: plan.threatModel.constraints.maxCharEditRatio });
    log(`data: ${dataset.train.length} training rows; ${dataset.splits.map((s) => `${s.examples.length} ${s.split}`).join(', ')}`);
    stage('data');
    const models = await buildModels(plan.models, dataset.train, dataset.labels, { features: plan.data.columns.features, root, log });
    stage('train');
    const staging = createStaging(out.absolute);
    try {
        const tabular = plan.task === 'tabular';
        const conditions = tabular ? tabularConditions(plan) : conditionsFor(families.runners);
        const rows = [];
        const writer = new JsonlWriter((0,external_node_path_namespaceObject.join)(staging, EVIDENCE_FILE));
        const sink = async (row) => {
            rows.push(row);
            await writer.write(serializeRow(row, dataset.labels));
        };
        const counters = tabular ? await evaluateTabular(plan, dataset, models, sink) : await evaluate(plan, dataset, models, families.runners, sink);
        const evidence = await writer.close();
        // Large evidence ships gzipped; the manifest keeps the digest of the uncompressed rows too.
        const compressed = evidence.bytes > plan.output.gzipAboveBytes ? await gzipFile((0,external_node_path_namespaceObject.join)(staging, EVIDENCE_FILE)) : null;
        await Promise.all(models.map((m) => m.close()));
        log(`evidence: ${evidence.rows} rows (${dataset.splits.reduce((n, s) => n + s.examples.length, 0)} examples × ${models.length} models × ${conditions.length} conditions)`);
        stage('evaluate');
        const descriptions = models.map((m, i) => describeForManifest(m, plan.models[i]));
        const stderrFiles = writeStderrTails(staging, models);
        const metrics = buildMetrics(rows, dataFacts(dataset), {
            task: plan.task,
            labels: dataset.labels,
            models: descriptions.map((d) => ({ name: d.name, probabilities: d.probabilities })),
            conditions,
            objective: plan.threatModel.objective,
            transitions: plan.threatModel.protectedTransitions,
            seed: plan.statistics.seed,
            bootstrapIterations: plan.statistics.bootstrapIterations,
            pairedIterations: plan.statistics.pairedIterations,
            interval: plan.statistics.interval,
            abstainBelow: plan.selective.abstainBelow
        });
        const gate = evaluateGate(metrics, plan.gate);
        stage('metrics');
        const notConfigured = familiesNotConfigured(plan);
        const evidenceEntry = { ...evidence, schema_version: EVIDENCE_SCHEMA_VERSION };
        const files = compressed
            ? { [`${EVIDENCE_FILE}.gz`]: { sha256: compressed.sha256, bytes: compressed.bytes, rows: evidence.rows, schema_version: EVIDENCE_SCHEMA_VERSION, uncompressed: { name: EVIDENCE_FILE, sha256: evidence.sha256, bytes: evidence.bytes } } }
            : { [EVIDENCE_FILE]: evidenceEntry };
        writeFile(staging, 'metrics.json', stableJson(metrics, 2) + '\n', files);
        writeFile(staging, 'checks.json', stableJson(gate, 2) + '\n', files);
        const summary = renderSummary({ plan, dataset, metrics, gate, familiesNotConfigured: notConfigured, outputDir: out.relative, counters });
        writeFile(staging, 'summary.md', summary, files);
        const tm = plan.threatModel;
        writeFile(staging, 'report.html', renderReport({ metrics, gate, title: `Evidence Gate: ${tm.id}`, threatModel: { id: tm.id, revision: tm.revision, objective: tm.objective }, configPath: plan.config.path }), files);
        stage('report');
        const runSection = {
            started_at: started,
            finished_at: timestamp(),
            wall_ms: { ...wall, ...externalWallTimes(models) },
            host: { hostname: (0,external_node_os_namespaceObject.hostname)(), platform: (0,external_node_os_namespaceObject.platform)(), arch: (0,external_node_os_namespaceObject.arch)(), cpus: (0,external_node_os_namespaceObject.cpus)().length },
            context: deps.context ?? {},
            // A user's model writes what it likes to stderr: kept for diagnosis, outside the determinism promise.
            stderr_files: stderrFiles
        };
        const manifest = buildManifest({
            plan,
            dataset,
            models: descriptions,
            counters,
            conditionsEvaluated: conditions,
            familiesNotConfigured: notConfigured,
            gate,
            files,
            families: tabular ? tabularFamilies(plan) : families.runners.map((r) => ({ family: r.family, label_preserving: r.labelPreserving, parameters: r.parameters, validity_rule: r.validityRule })),
            dictionaries: families.dictionaries,
            evidence: { file: compressed ? `${EVIDENCE_FILE}.gz` : EVIDENCE_FILE, gzip: compressed !== null, gzip_above_bytes: plan.output.gzipAboveBytes },
            lockFiles: plan.manifest.lockFiles.map((f) => ({ path: f.path, sha256: sha256Hex((0,external_node_fs_.readFileSync)(f.absolute)) })),
            bundleSha256: deps.bundleSha256 ?? null,
            run: runSection
        });
        const manifestText = stableJson(manifest, 2) + '\n';
        (0,external_node_fs_.writeFileSync)((0,external_node_path_namespaceObject.join)(staging, 'manifest.json'), manifestText, 'utf8');
        commitStaging(staging, out.absolute);
        return {
            verdict: gate.verdict,
            failedChecks: gate.failing.length,
            gate,
            outputDir: out.absolute,
            outputPath: out.relative,
            configPath: plan.config.path,
            manifestSha256: sha256Hex(manifestText),
            summary,
            files: [...Object.keys(files), ...Object.keys(stderrFiles), 'manifest.json']
        };
    }
    catch (error) {
        discardStaging(staging);
        throw error;
    }
}

;// CONCATENATED MODULE: ./src/report/terminal.ts
/**
 * The summary for a terminal: the same content as summary.md with markdown escapes and
 * HTML entities undone for reading, control characters removed, and no line allowed to start
 * with `::` (which a GitHub runner would take as a workflow command).
 */
const terminal_ENTITIES = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#64;': '@' };
function toTerminal(markdown) {
    return markdown
        .split('\n')
        .filter((line) => !/^<!--.*-->$/.test(line))
        .map((line) => line
        .replace(/\\([\\`*_{}[\]()#+\-.!|~:])/g, '$1')
        .replace(/&(amp|lt|gt|quot|#39|#64);/g, (e) => terminal_ENTITIES[e])
        .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, '')
        .replace(/^(\s*)::/, '$1 ::'))
        .join('\n');
}

;// CONCATENATED MODULE: ./src/util/git.ts
/** The commit checked out at `root`, read from .git without running git; null when unknown. */


function gitHead(root) {
    try {
        const gitDir = (0,external_node_path_namespaceObject.join)(root, '.git');
        if (!(0,external_node_fs_.existsSync)(gitDir))
            return { sha: null, ref: null };
        const head = (0,external_node_fs_.readFileSync)((0,external_node_path_namespaceObject.join)(gitDir, 'HEAD'), 'utf8').trim();
        if (!head.startsWith('ref: '))
            return { sha: /^[0-9a-f]{40}$/.test(head) ? head : null, ref: null };
        const ref = head.slice(5);
        const loose = (0,external_node_path_namespaceObject.join)(gitDir, ref);
        if ((0,external_node_fs_.existsSync)(loose))
            return { sha: (0,external_node_fs_.readFileSync)(loose, 'utf8').trim(), ref };
        const packed = (0,external_node_path_namespaceObject.join)(gitDir, 'packed-refs');
        if ((0,external_node_fs_.existsSync)(packed)) {
            for (const line of (0,external_node_fs_.readFileSync)(packed, 'utf8').split('\n')) {
                const [sha, name] = line.split(' ');
                if (name === ref && sha)
                    return { sha, ref };
            }
        }
        return { sha: null, ref };
    }
    catch {
        return { sha: null, ref: null };
    }
}

;// CONCATENATED MODULE: external "node:util"
const external_node_util_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");
;// CONCATENATED MODULE: ./src/cli/args.ts
/** Command-line arguments of `evidence-gate`, read in one typed place. */


const USAGE = `Usage: evidence-gate run --config FILE [--out DIR] [--root DIR]

Evaluate the models of FILE under its threat model and write the evidence folder.
  --config FILE  gate config (YAML), e.g. examples/academic-intent/evidence-gate.yml
  --out DIR      output folder inside the root (default evidence-gate-out)
  --root DIR     repository root that every path must stay inside (default: current folder)
  --quiet        print only the verdict line
Exit status: 0 gate passes, 1 gate fails, 2 usage/config/data error, 3 internal error.`;
function parseCli(argv) {
    let parsed;
    try {
        parsed = (0,external_node_util_namespaceObject.parseArgs)({
            args: [...argv],
            allowPositionals: true,
            strict: true,
            options: {
                config: { type: 'string', short: 'c' },
                out: { type: 'string', short: 'o' },
                root: { type: 'string' },
                quiet: { type: 'boolean', short: 'q' },
                help: { type: 'boolean', short: 'h' },
                version: { type: 'boolean' }
            }
        });
    }
    catch (error) {
        throw new UsageError(`${error.message.split('\n')[0]} (see --help)`);
    }
    const { values, positionals } = parsed;
    if (values.help)
        return { command: 'help' };
    if (values.version)
        return { command: 'version' };
    const [command, ...rest] = positionals;
    if (command === undefined)
        throw new UsageError('expected a command: run (see --help)');
    if (command !== 'run')
        throw new UsageError(`unknown command ${JSON.stringify(command)}; expected run (see --help)`);
    if (rest.length > 0)
        throw new UsageError(`unexpected argument ${JSON.stringify(rest[0])} (see --help)`);
    if (!values.config)
        throw new UsageError('run needs --config FILE (see --help)');
    return { command: 'run', config: values.config, out: values.out, root: values.root, quiet: values.quiet ?? false };
}

;// CONCATENATED MODULE: ./src/cli/main.ts
/**
 * The CLI adapter: arguments in, the engine's summary on stdout, an exit status out
 * (0 pass, 1 fail, 2 usage/config/data error, 3 internal error). It never calls process.exit
 * itself, so it can be tested in-process.
 */







const EXIT = { pass: 0, fail: 1, user: 2, internal: 3 };
async function main(argv, io) {
    try {
        const cmd = parseCli(argv);
        if (cmd.command === 'help') {
            io.stdout(USAGE + '\n');
            return EXIT.pass;
        }
        if (cmd.command === 'version') {
            io.stdout(`${TOOL_NAME} ${TOOL_VERSION}\n`);
            return EXIT.pass;
        }
        const root = (0,external_node_path_namespaceObject.resolve)(io.cwd, cmd.root ?? '.');
        const head = gitHead(root);
        const result = await run({ root, configPath: cmd.config, outputDir: cmd.out, cwd: io.cwd }, {
            log: cmd.quiet ? undefined : (line) => io.stderr(`${line}\n`),
            context: { runner: 'cli', commit: head.sha, ref: head.ref },
            bundleSha256: io.bundleSha256 ?? null
        });
        if (!cmd.quiet)
            io.stdout(toTerminal(result.summary) + '\n');
        io.stdout(`verdict: ${result.verdict} (${result.failedChecks} blocking check${result.failedChecks === 1 ? '' : 's'}); evidence in ${result.outputPath}/\n`);
        return result.verdict === 'pass' ? EXIT.pass : EXIT.fail;
    }
    catch (error) {
        if (isUserError(error)) {
            io.stderr(`${TOOL_NAME}: ${error.kind} error: ${error.message}\n`);
            return EXIT.user;
        }
        io.stderr(`${TOOL_NAME}: internal error (a bug, please report it):\n${error?.stack ?? String(error)}\n`);
        return EXIT.internal;
    }
}


/***/ }),

/***/ 2742:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  h: () => (/* binding */ fileDigest)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
;// CONCATENATED MODULE: external "node:url"
const external_node_url_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");
;// CONCATENATED MODULE: ./src/util/bundle.ts
/** SHA-256 of the running file (the committed bundle in production), for the manifest. */



function fileDigest(moduleUrl) {
    try {
        return (0,external_node_crypto_.createHash)('sha256').update((0,external_node_fs_.readFileSync)((0,external_node_url_namespaceObject.fileURLToPath)(moduleUrl))).digest('hex');
    }
    catch {
        return null;
    }
}


/***/ }),

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 4352:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const { normalizeIPv6, removeDotSegments, removeDotSegmentsRelative, recomposeAuthority, normalizePercentEncoding, normalizePathEncoding, serializePathEncoding, normalizeQueryFragmentEncoding, encodeQuery, encodeFragment, reescapeHostDelimiters, isIPv4, nonSimpleDomain } = __nccwpck_require__(5077)
const { SCHEMES, getSchemeHandler } = __nccwpck_require__(5300)

const VALID_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/u
const MALFORMED_SCHEME_ERROR = 'URI scheme is malformed.'
const MALFORMED_HOST_ERROR = 'URI host is malformed.'
// ASCII characters outside the RFC 3986 reg-name set (unreserved, sub-delims
// and "%" for pct-encoded): C0 controls, space, DEL, and "#/:<>?@[\]^`{|}.
const FORBIDDEN_DOMAIN_HOST_CHARACTER = /[\0-\x20"#/:<>?@[\\\]^`{|}\x7F]/u

/**
 * RFC 3986 section 3.1 does not allow percent-encoding in a scheme, so the
 * scheme is validated as-is and never decoded. Decoding would let inert input
 * such as `%6Aavascript:` become a live `javascript:` scheme.
 *
 * @param {string} scheme
 * @returns {string}
 */
function validateScheme (scheme) {
  const stringScheme = String(scheme)
  if (!VALID_SCHEME.test(stringScheme)) {
    throw new TypeError(MALFORMED_SCHEME_ERROR)
  }
  return stringScheme
}

/**
 * @template {import('./types/index').URIComponent|string} T
 * @param {T} uri
 * @param {import('./types/index').Options} [options]
 * @returns {T}
 */
function normalize (uri, options) {
  if (typeof uri === 'string') {
    uri = /** @type {T} */ (normalizeString(uri, options))
  } else if (typeof uri === 'object') {
    uri = /** @type {T} */ (parse(serialize(uri, options), options))
  }
  return uri
}

/**
 * @param {string} baseURI
 * @param {string} relativeURI
 * @param {import('./types/index').Options} [options]
 * @returns {string}
 */
function resolve (baseURI, relativeURI, options) {
  const schemelessOptions = options ? Object.assign({ scheme: 'null' }, options) : { scheme: 'null' }
  const {
    parsed: baseParsed,
    malformedAuthorityOrPort: baseMalformed,
    malformedPercentEncoding: baseMalformedPercentEncoding,
    malformedSchemeSpecific: baseMalformedSchemeSpecific,
    malformedHost: baseMalformedHost,
    malformedScheme: baseMalformedScheme
  } = parseWithStatus(baseURI, schemelessOptions)
  const {
    parsed: relativeParsed,
    malformedAuthorityOrPort: relativeMalformed,
    malformedPercentEncoding: relativeMalformedPercentEncoding,
    malformedSchemeSpecific: relativeMalformedSchemeSpecific,
    malformedHost: relativeMalformedHost,
    malformedScheme: relativeMalformedScheme
  } = parseWithStatus(relativeURI, schemelessOptions)
  if (
    baseMalformed ||
    relativeMalformed ||
    baseMalformedPercentEncoding ||
    relativeMalformedPercentEncoding ||
    baseMalformedSchemeSpecific ||
    relativeMalformedSchemeSpecific ||
    baseMalformedHost ||
    relativeMalformedHost ||
    baseMalformedScheme ||
    relativeMalformedScheme
  ) {
    throw new Error(baseParsed.error || relativeParsed.error || 'URI is malformed.')
  }
  const resolved = resolveComponent(baseParsed, relativeParsed, schemelessOptions, true)
  const resolvedSchemeHandler = getSchemeHandler((options && options.scheme) || resolved.scheme)
  const resolvedHost = resolved.host
  const resolvedHostIsIP = resolvedHost !== undefined && resolvedHost !== '' &&
    (isIPv4(resolvedHost) || normalizeIPv6(resolvedHost).isIPV6)
  // Inputs are parsed scheme-neutrally, so delimiters and controls in a domain
  // host are only detected here, once the final scheme is known. They always
  // fail closed, including in percent-encoded hosts.
  if (hasForbiddenDomainHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP)) {
    throw new Error(MALFORMED_HOST_ERROR)
  }
  canonicalizeHost(resolved, options || {}, resolvedSchemeHandler, resolvedHostIsIP)
  // Percent escapes in an ASCII reg-name are encoded data. The WHATWG hostname
  // parser can reject them even though fast-uri preserves them safely as RFC
  // 3986 data. A raw non-ASCII host must still fail closed if conversion fails.
  const encodedASCIIHost = resolvedHost && resolvedHost.indexOf('%') !== -1 &&
    !/\P{ASCII}/u.test(resolvedHost)
  if (resolved.error && !encodedASCIIHost) {
    throw new Error(resolved.error)
  }
  schemelessOptions.skipEscape = true
  return serialize(resolved, schemelessOptions)
}

/**
 * @param {import ('./types/index').URIComponent} base
 * @param {import ('./types/index').URIComponent} relative
 * @param {import('./types/index').Options} [options]
 * @param {boolean} [skipNormalization=false]
 * @returns {import ('./types/index').URIComponent}
 */
function resolveComponent (base, relative, options, skipNormalization) {
  /** @type {import('./types/index').URIComponent} */
  const target = {}
  if (!skipNormalization) {
    base = parse(serialize(base, options), options) // normalize base component
    relative = parse(serialize(relative, options), options) // normalize relative component
  }
  options = options || {}

  if (!options.tolerant && relative.scheme) {
    target.scheme = relative.scheme
    // target.authority = relative.authority;
    target.userinfo = relative.userinfo
    target.host = relative.host
    target.port = relative.port
    target.path = removeDotSegments(relative.path || '')
    target.query = relative.query
  } else {
    if (relative.userinfo !== undefined || relative.host !== undefined || relative.port !== undefined) {
      // target.authority = relative.authority;
      target.userinfo = relative.userinfo
      target.host = relative.host
      target.port = relative.port
      target.path = removeDotSegments(relative.path || '')
      target.query = relative.query
    } else {
      if (!relative.path) {
        target.path = base.path
        if (relative.query !== undefined) {
          target.query = relative.query
        } else {
          target.query = base.query
        }
      } else {
        if (relative.path[0] === '/') {
          target.path = removeDotSegments(relative.path)
        } else {
          const baseHasAuthority = base.userinfo !== undefined || base.host !== undefined || base.port !== undefined
          if (baseHasAuthority && !base.path) {
            target.path = '/' + relative.path
          } else if (!base.path) {
            target.path = relative.path
          } else {
            target.path = base.path.slice(0, base.path.lastIndexOf('/') + 1) + relative.path
          }
          target.path = base.scheme === undefined && !baseHasAuthority && target.path[0] !== '/'
            ? removeDotSegmentsRelative(target.path)
            : removeDotSegments(target.path)
        }
        target.query = relative.query
      }
      // target.authority = base.authority;
      target.userinfo = base.userinfo
      target.host = base.host
      target.port = base.port
    }
    target.scheme = base.scheme
  }

  target.fragment = relative.fragment

  return target
}

/**
 * @param {import ('./types/index').URIComponent|string} uriA
 * @param {import ('./types/index').URIComponent|string} uriB
 * @param {import ('./types/index').Options} options
 * @returns {boolean}
 */
function equal (uriA, uriB, options) {
  const normalizedA = normalizeComparableURI(uriA, options)
  const normalizedB = normalizeComparableURI(uriB, options)

  return normalizedA !== undefined && normalizedB !== undefined && normalizedA === normalizedB
}

/**
 * @param {Readonly<import('./types/index').URIComponent>} cmpts
 * @param {import('./types/index').Options} [opts]
 * @returns {string}
 */
function serialize (cmpts, opts) {
  const component = {
    host: cmpts.host,
    scheme: cmpts.scheme,
    userinfo: cmpts.userinfo,
    port: cmpts.port,
    path: cmpts.path,
    query: cmpts.query,
    nid: cmpts.nid,
    nss: cmpts.nss,
    uuid: cmpts.uuid,
    fragment: cmpts.fragment,
    reference: cmpts.reference,
    resourceName: cmpts.resourceName,
    secure: cmpts.secure,
    error: ''
  }
  const options = Object.assign({}, opts)
  const uriTokens = []

  if (component.scheme) {
    component.scheme = validateScheme(component.scheme)
  }

  // find scheme handler
  const schemeHandler = getSchemeHandler(options.scheme || component.scheme)

  // perform scheme specific serialization
  if (schemeHandler && schemeHandler.serialize) schemeHandler.serialize(component, options)

  const hasAuthority = component.userinfo !== undefined || component.host !== undefined || component.port !== undefined
  // A reference with no emitted scheme is path-noscheme: a bare ':' in its
  // first path segment would reparse as a scheme (RFC 3986 3.3/4.2). Enforced
  // under skipEscape too (resolve()), so the reapply below gates on this flag.
  const schemelessReference = (component.scheme === undefined || options.reference === 'suffix') && !hasAuthority
  const pathNoScheme = !options.skipEscape && schemelessReference

  if (component.path !== undefined) {
    if (!options.skipEscape) {
      component.path = serializePathEncoding(component.path, pathNoScheme)
    } else {
      component.path = normalizePercentEncoding(component.path)
    }
  }

  if (options.reference !== 'suffix' && component.scheme) {
    // Scheme handlers may replace the scheme during serialization.
    component.scheme = validateScheme(component.scheme)
    uriTokens.push(component.scheme, ':')
  }

  const authority = recomposeAuthority(component)
  if (authority !== undefined) {
    if (options.reference !== 'suffix') {
      uriTokens.push('//')
    }

    uriTokens.push(authority)

    if (component.path && component.path[0] !== '/') {
      uriTokens.push('/')
    }
  }
  if (component.path !== undefined) {
    let s = component.path

    if (!options.absolutePath && (!schemeHandler || !schemeHandler.absolutePath)) {
      // A relative-path reference keeps its unresolvable leading ".." segments
      // and must never become root-relative (RFC 3986 section 5.2.4 applies to
      // merged target paths, not to the reference itself).
      s = schemelessReference && s[0] !== '/'
        ? removeDotSegmentsRelative(s)
        : removeDotSegments(s)
    }

    // Dot-segment removal can expose a colon that was not originally in the
    // first segment (for example, "./a:b"). Reapply path-noscheme encoding so
    // the serialized relative reference cannot be reparsed as a URI scheme.
    if (schemelessReference) {
      s = serializePathEncoding(s, true)
    }

    if (
      authority === undefined &&
      s[0] === '/' &&
      s[1] === '/'
    ) {
      // don't allow the path to start with "//"
      s = '/%2F' + s.slice(2)
    }

    uriTokens.push(s)
  }

  if (component.query !== undefined) {
    uriTokens.push('?', encodeQuery(component.query))
  }

  if (component.fragment !== undefined) {
    uriTokens.push('#', encodeFragment(component.fragment))
  }
  return uriTokens.join('')
}

const URI_PARSE = /^(?:([^#/:?]+):)?(?:\/\/((?:([^#/?@]*)@)?(\[[^#/?\]]+\]|[^#/:?]*)(?::(\d*))?))?([^#?]*)(?:\?([^#]*))?(?:#((?:.|[\n\r])*))?/u

// Captures the authority component (between "//" and the next "/", "?" or "#"),
// with or without a scheme prefix, for the literal-backslash rejection below.
const AUTHORITY_PREFIX = /^(?:[^#/:?]+:)?\/\/([^/?#]*)/

// Captures the leading authority-introducer region after an optional scheme: a
// run of forward slashes, backslashes, and the characters the WHATWG URL parser
// removes before parsing (TAB U+0009, LF U+000A, CR U+000D). A valid introducer
// is exactly "//". Node treats "\" as "/" on special schemes and strips those
// characters first, so forms like "\\", "/\", "\/", "/<TAB>/", or a leading
// "<TAB>//" reach an authority in Node while fast-uri's URI_PARSE folds them into
// the path group (host confusion / SSRF / redirect bypass).
const AUTHORITY_INTRODUCER_REGION = /^(?:[^#/:?]+:)?([/\\\t\n\r]*)/

/**
 * @param {import('./types/index').URIComponent} parsed
 * @param {RegExpMatchArray} matches
 * @returns {string|undefined}
 */
function getParseError (parsed, matches) {
  if (matches[2] !== undefined && parsed.path && parsed.path[0] !== '/') {
    return 'URI path must start with "/" when authority is present.'
  }

  if (typeof parsed.port === 'number' && (parsed.port < 0 || parsed.port > 65535)) {
    return 'URI port is malformed.'
  }

  return undefined
}

/**
 * Checks percent syntax without decoding the represented octets. RFC 3986
 * percent-encoding is byte-oriented, so sequences such as `%FF` are valid even
 * though they are not independently valid UTF-8.
 *
 * @param {string|undefined} component
 * @returns {boolean}
 */
function hasMalformedPercentEncoding (component) {
  if (component === undefined) return false

  let percent = component.indexOf('%')
  while (percent !== -1) {
    if (percent + 2 >= component.length || !/^[\da-f]{2}$/iu.test(component.slice(percent + 1, percent + 3))) {
      return true
    }
    percent = component.indexOf('%', percent + 3)
  }

  return false
}

/**
 * Whether the host is a bracketed IP literal (RFC 3986 `IP-literal`).
 * An unterminated `[` is not a literal, so it must still be validated as a
 * reg-name instead of being waved through as an IP.
 *
 * @param {string} host
 * @returns {boolean}
 */
function isIPLiteral (host) {
  return host[0] === '[' && host[host.length - 1] === ']'
}

/**
 * @param {RegExpMatchArray} matches
 * @returns {boolean}
 */
function hasMalformedComponentPercentEncoding (matches) {
  // Bracketed IP literals use a raw "%" as the zone separator for historical
  // compatibility. Their parsing is intentionally left to normalizeIPv6.
  const host = matches[4]
  return hasMalformedPercentEncoding(matches[3]) ||
    (host !== undefined && !isIPLiteral(host) && hasMalformedPercentEncoding(host)) ||
    hasMalformedPercentEncoding(matches[6]) ||
    hasMalformedPercentEncoding(matches[7]) ||
    hasMalformedPercentEncoding(matches[8])
}

/**
 * @param {import('./types/index').URIComponent} parsed
 * @param {import('./types/index').Options} options
 * @param {{ domainHost?: boolean, unicodeSupport?: boolean }|undefined} schemeHandler
 * @param {boolean} isIP
 * @returns {boolean} whether host conversion failed
 */
function canonicalizeHost (parsed, options, schemeHandler, isIP) {
  if (hasForbiddenDomainHost(parsed, options, schemeHandler, isIP)) {
    parsed.error = parsed.error || MALFORMED_HOST_ERROR
    return true
  }

  if (
    !options.unicodeSupport &&
    (!schemeHandler || !schemeHandler.unicodeSupport) &&
    parsed.host &&
    !isIPLiteral(parsed.host) &&
    (options.domainHost || (schemeHandler && schemeHandler.domainHost)) &&
    isIP === false &&
    nonSimpleDomain(parsed.host)
  ) {
    let url
    try {
      url = new URL('http://' + parsed.host)
    } catch (e) {
      parsed.error = parsed.error || "Host's domain name can not be converted to ASCII: " + e
      return true
    }
    // The WHATWG parser must have read the whole input as a host. Anything
    // else means it found a delimiter fast-uri did not, so its hostname would
    // describe a different authority.
    if (!isHostOnlyURL(url)) {
      parsed.error = parsed.error || MALFORMED_HOST_ERROR
      return true
    }
    parsed.host = url.hostname
  }
  return false
}

/**
 * Whether a domain host contains an ASCII character that RFC 3986 does not
 * allow in a reg-name (unreserved, sub-delims, or pct-encoded). Such a host is
 * rejected instead of being handed to the WHATWG URL parser, which would treat
 * "@" as a userinfo delimiter (silently dropping the data before it) and strip
 * TAB, LF, and CR. Non-ASCII characters remain allowed for IDNs.
 *
 * @param {import('./types/index').URIComponent} parsed
 * @param {import('./types/index').Options} options
 * @param {{ domainHost?: boolean }|undefined} schemeHandler
 * @param {boolean} isIP
 * @returns {boolean}
 */
function hasForbiddenDomainHost (parsed, options, schemeHandler, isIP) {
  return Boolean(
    parsed.host &&
    isIP === false &&
    !isIPLiteral(parsed.host) &&
    (options.domainHost || (schemeHandler && schemeHandler.domainHost)) &&
    FORBIDDEN_DOMAIN_HOST_CHARACTER.test(parsed.host)
  )
}

/**
 * @param {URL} url
 * @returns {boolean}
 */
function isHostOnlyURL (url) {
  return url.username === '' &&
    url.password === '' &&
    url.port === '' &&
    url.pathname === '/' &&
    url.search === '' &&
    url.hash === '' &&
    url.hostname !== ''
}

/**
 * @param {string} uri
 * @param {import('./types/index').Options} [opts]
 * @returns {{ parsed: import('./types/index').URIComponent, malformedAuthorityOrPort: boolean, malformedPercentEncoding: boolean, malformedSchemeSpecific: boolean, malformedHost: boolean, malformedScheme: boolean }}
 */
function parseWithStatus (uri, opts) {
  const options = Object.assign({}, opts)
  /** @type {import('./types/index').URIComponent} */
  const parsed = {
    scheme: undefined,
    userinfo: undefined,
    host: '',
    port: undefined,
    path: '',
    query: undefined,
    fragment: undefined
  }

  let malformedAuthorityOrPort = false
  let malformedPercentEncoding = false
  let malformedSchemeSpecific = false
  let malformedHost = false
  let malformedIPLiteral = false
  let malformedScheme = false

  let isIP = false
  if (options.reference === 'suffix') {
    if (options.scheme) {
      uri = options.scheme + ':' + uri
    } else {
      uri = '//' + uri
    }
  }

  // A literal backslash (U+005C) is not a valid RFC 3986 URI character and is
  // not an authority delimiter. Reject it in the authority rather than
  // rewriting it: normalizing "\" -> "/" (WHATWG error recovery) could silently
  // change the resource identified by an otherwise-invalid input, and lets "\"
  // act as a host delimiter here while Node's native URL parses a different
  // host (SSRF / redirect / origin-allowlist bypass). Percent-encoded %5C is
  // untouched and remains valid encoded data.
  const authorityMatch = uri.match(AUTHORITY_PREFIX)
  if (authorityMatch !== null && authorityMatch[1].indexOf('\\') !== -1) {
    parsed.error = 'URI authority must not contain a literal backslash.'
    malformedAuthorityOrPort = true
  }

  // Reject a malformed or whitespace-smuggled authority introducer. fast-uri
  // only recognizes a literal "//"; anything else in the leading separator run
  // (a backslash, or a "//" that appears only after removing the TAB/LF/CR that
  // Node strips) means the authority fast-uri parses differs from the one Node's
  // URL resolves. Reject rather than rewrite, mirroring the literal-backslash
  // guard above. Percent-encoded forms (%5C, %09) are untouched, valid data.
  const introducerMatch = uri.match(AUTHORITY_INTRODUCER_REGION)
  if (introducerMatch !== null) {
    const region = introducerMatch[1]
    const normalizedRegion = region.replace(/[\t\n\r]/g, '')
    // Two or more leading separators introduce an authority.
    if (normalizedRegion.length >= 2) {
      if (normalizedRegion.slice(0, 2) !== '//') {
        parsed.error = parsed.error || 'URI authority must not contain a literal backslash.'
        malformedAuthorityOrPort = true
      } else if (region.length !== normalizedRegion.length) {
        parsed.error = parsed.error || 'URI authority introducer must not contain whitespace.'
        malformedAuthorityOrPort = true
      }
    }
  }

  const matches = uri.match(URI_PARSE)

  if (matches) {
    // store each component
    parsed.scheme = matches[1]
    parsed.userinfo = matches[3]
    parsed.host = matches[4]
    parsed.port = parseInt(matches[5], 10)
    parsed.path = matches[6] || ''
    parsed.query = matches[7]
    parsed.fragment = matches[8]

    if (parsed.scheme !== undefined) {
      if (VALID_SCHEME.test(parsed.scheme)) {
        parsed.scheme = parsed.scheme.toLowerCase()
      } else {
        parsed.error = parsed.error || MALFORMED_SCHEME_ERROR
        malformedScheme = true
      }
    }

    malformedPercentEncoding = hasMalformedComponentPercentEncoding(matches)
    if (malformedPercentEncoding) {
      parsed.error = parsed.error || 'URI contains malformed percent-encoding.'
    }

    // fix port number
    if (isNaN(parsed.port)) {
      parsed.port = matches[5]
    }

    const parseError = getParseError(parsed, matches)
    if (parseError !== undefined) {
      parsed.error = parsed.error || parseError
      malformedAuthorityOrPort = true
    }

    if (parsed.host) {
      const ipv4result = isIPv4(parsed.host)
      if (ipv4result === false) {
        const bracketedIPLiteral = isIPLiteral(parsed.host)
        const hasIPLiteralBracket = parsed.host.indexOf('[') !== -1 || parsed.host.indexOf(']') !== -1
        const ipv6result = normalizeIPv6(parsed.host)
        isIP = ipv6result.isIPV6 || ipv6result.isIPVFuture === true
        malformedIPLiteral = hasIPLiteralBracket && (!bracketedIPLiteral || ipv6result.error === true)
        parsed.host = isIP ? ipv6result.host : ipv6result.host.toLowerCase()

        if (malformedIPLiteral) {
          parsed.error = parsed.error || MALFORMED_HOST_ERROR
          malformedAuthorityOrPort = true
        }
      } else {
        isIP = true
      }
    }
    if (parsed.scheme === undefined && parsed.userinfo === undefined && parsed.host === undefined && parsed.port === undefined && parsed.query === undefined && !parsed.path) {
      parsed.reference = 'same-document'
    } else if (parsed.scheme === undefined) {
      parsed.reference = 'relative'
    } else if (parsed.fragment === undefined) {
      parsed.reference = 'absolute'
    } else {
      parsed.reference = 'uri'
    }

    // check for reference errors
    if (options.reference && options.reference !== 'suffix' && options.reference !== parsed.reference) {
      parsed.error = parsed.error || 'URI is not a ' + options.reference + ' reference.'
    }

    // find scheme handler
    const schemeHandler = getSchemeHandler(options.scheme || parsed.scheme)

    // convert Unicode IDN -> ASCII IDN when the effective scheme uses domain hosts
    if (!malformedIPLiteral) {
      malformedHost = canonicalizeHost(parsed, options, schemeHandler, isIP)
    }

    if (uri.indexOf('%') !== -1 && parsed.host !== undefined && !malformedIPLiteral) {
      let host = isIP ? parsed.host : normalizePercentEncoding(parsed.host, true)
      if (!isIP) {
        // Fold reg-name case after decoding unreserved octets. The second
        // pass only restores uppercase hex in escapes that remain encoded.
        host = normalizePercentEncoding(host.toLowerCase())
      }
      // Resolution parses both inputs with the internal `null` scheme before
      // the effective scheme is known. Keep raw host delimiters for that step
      // so resolve() can reject them for domain-host schemes; the resolved
      // authority is encoded when it is serialized.
      parsed.host = isIP || options.scheme !== 'null' ? reescapeHostDelimiters(host, isIP) : host
    }

    if (!schemeHandler || (schemeHandler && !schemeHandler.skipNormalize)) {
      if (parsed.path) {
        parsed.path = normalizePathEncoding(parsed.path)
      }
      if (parsed.query) {
        parsed.query = normalizeQueryFragmentEncoding(parsed.query)
      }
      if (parsed.fragment) {
        parsed.fragment = normalizeQueryFragmentEncoding(parsed.fragment)
      }
    }

    // perform scheme specific parsing
    if (schemeHandler && schemeHandler.parse) {
      schemeHandler.parse(parsed, options)
      if (schemeHandler === SCHEMES.urn && parsed.nid === undefined) {
        malformedSchemeSpecific = true
      }
    }
  } else {
    parsed.error = parsed.error || 'URI can not be parsed.'
  }
  return { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme }
}

/**
 * @param {string} uri
 * @param {import('./types/index').Options} [opts]
 * @returns
 */
function parse (uri, opts) {
  return parseWithStatus(uri, opts).parsed
}

/**
 * @param {string} uri
 * @param {import('./types/index').Options} [opts]
 * @returns {string}
 */
function normalizeString (uri, opts) {
  return normalizeStringWithStatus(uri, opts).normalized
}

/**
 * @param {string} uri
 * @param {import('./types/index').Options} [opts]
 * @returns {{ normalized: string, malformedAuthorityOrPort: boolean, malformedPercentEncoding: boolean, malformedSchemeSpecific: boolean, malformedHost: boolean, malformedScheme: boolean }}
 */
function normalizeStringWithStatus (uri, opts) {
  const { parsed, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = parseWithStatus(uri, opts)
  return {
    normalized: malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? uri : serialize(parsed, opts),
    malformedAuthorityOrPort,
    malformedPercentEncoding,
    malformedSchemeSpecific,
    malformedHost,
    malformedScheme
  }
}

/**
 * @param {import ('./types/index').URIComponent|string} uri
 * @param {import('./types/index').Options} [opts]
 * @returns {string|undefined}
 */
function normalizeComparableURI (uri, opts) {
  if (typeof uri !== 'string' && typeof uri !== 'object') {
    return undefined
  }

  let value
  try {
    value = typeof uri === 'string' ? uri : serialize(uri, opts)
  } catch {
    return undefined
  }
  const { normalized, malformedAuthorityOrPort, malformedPercentEncoding, malformedSchemeSpecific, malformedHost, malformedScheme } = normalizeStringWithStatus(value, opts)
  return malformedAuthorityOrPort || malformedPercentEncoding || malformedSchemeSpecific || malformedHost || malformedScheme ? undefined : normalized
}

const fastUri = {
  SCHEMES,
  normalize,
  resolve,
  resolveComponent,
  equal,
  serialize,
  parse
}

module.exports = fastUri
module.exports["default"] = fastUri
module.exports.fastUri = fastUri


/***/ }),

/***/ 5300:
/***/ ((module, __unused_webpack_exports, __nccwpck_require__) => {



const { isUUID } = __nccwpck_require__(5077)
const URN_REG = /^([\da-z][\d\-a-z]{0,31}):((?:[\w!$'()*+,\-./:;=@]|%[\da-f]{2})+)$/iu

const supportedSchemeNames = /** @type {const} */ (['http', 'https', 'ws',
  'wss', 'urn', 'urn:uuid'])

/** @typedef {supportedSchemeNames[number]} SchemeName */

/**
 * @param {string} name
 * @returns {name is SchemeName}
 */
function isValidSchemeName (name) {
  return supportedSchemeNames.indexOf(/** @type {*} */ (name)) !== -1
}

/**
 * @callback SchemeFn
 * @param {import('../types/index').URIComponent} component
 * @param {import('../types/index').Options} options
 * @returns {import('../types/index').URIComponent}
 */

/**
 * @typedef {Object} SchemeHandler
 * @property {SchemeName} scheme - The scheme name.
 * @property {boolean} [domainHost] - Indicates if the scheme supports domain hosts.
 * @property {SchemeFn} parse - Function to parse the URI component for this scheme.
 * @property {SchemeFn} serialize - Function to serialize the URI component for this scheme.
 * @property {boolean} [skipNormalize] - Indicates if normalization should be skipped for this scheme.
 * @property {boolean} [absolutePath] - Indicates if the scheme uses absolute paths.
 * @property {boolean} [unicodeSupport] - Indicates if the scheme supports Unicode.
 */

/**
 * @param {import('../types/index').URIComponent} wsComponent
 * @returns {boolean}
 */
function wsIsSecure (wsComponent) {
  if (wsComponent.secure === true) {
    return true
  } else if (wsComponent.secure === false) {
    return false
  } else if (wsComponent.scheme) {
    return (
      wsComponent.scheme.length === 3 &&
      (wsComponent.scheme[0] === 'w' || wsComponent.scheme[0] === 'W') &&
      (wsComponent.scheme[1] === 's' || wsComponent.scheme[1] === 'S') &&
      (wsComponent.scheme[2] === 's' || wsComponent.scheme[2] === 'S')
    )
  } else {
    return false
  }
}

/** @type {SchemeFn} */
function httpParse (component) {
  if (!component.host) {
    component.error = component.error || 'HTTP URIs must have a host.'
  }

  return component
}

/** @type {SchemeFn} */
function httpSerialize (component) {
  const secure = String(component.scheme).toLowerCase() === 'https'

  // normalize the default port
  if (component.port === (secure ? 443 : 80) || component.port === '') {
    component.port = undefined
  }

  // normalize the empty path
  if (!component.path) {
    component.path = '/'
  }

  // NOTE: We do not parse query strings for HTTP URIs
  // as WWW Form Url Encoded query strings are part of the HTML4+ spec,
  // and not the HTTP spec.

  return component
}

/** @type {SchemeFn} */
function wsParse (wsComponent) {
// indicate if the secure flag is set
  wsComponent.secure = wsIsSecure(wsComponent)

  // construct resouce name
  wsComponent.resourceName = (wsComponent.path || '/') + (wsComponent.query ? '?' + wsComponent.query : '')
  wsComponent.path = undefined
  wsComponent.query = undefined

  return wsComponent
}

/** @type {SchemeFn} */
function wsSerialize (wsComponent) {
// normalize the default port
  if (wsComponent.port === (wsIsSecure(wsComponent) ? 443 : 80) || wsComponent.port === '') {
    wsComponent.port = undefined
  }

  // ensure scheme matches secure flag
  if (typeof wsComponent.secure === 'boolean') {
    wsComponent.scheme = (wsComponent.secure ? 'wss' : 'ws')
    wsComponent.secure = undefined
  }

  // reconstruct path from resource name
  if (wsComponent.resourceName) {
    const queryIndex = wsComponent.resourceName.indexOf('?')
    const path = queryIndex === -1
      ? wsComponent.resourceName
      : wsComponent.resourceName.slice(0, queryIndex)
    wsComponent.path = (path && path !== '/' ? path : undefined)
    wsComponent.query = queryIndex === -1
      ? undefined
      : wsComponent.resourceName.slice(queryIndex + 1)
    wsComponent.resourceName = undefined
  }

  // forbid fragment component
  wsComponent.fragment = undefined

  return wsComponent
}

/** @type {SchemeFn} */
function urnParse (urnComponent, options) {
  if (!urnComponent.path) {
    urnComponent.error = 'URN can not be parsed'
    return urnComponent
  }
  const matches = urnComponent.path.match(URN_REG)
  if (matches && matches[0] === urnComponent.path) {
    const scheme = options.scheme || urnComponent.scheme || 'urn'
    urnComponent.nid = matches[1].toLowerCase()
    urnComponent.nss = matches[2]
    const urnScheme = `${scheme}:${options.nid || urnComponent.nid}`
    const schemeHandler = getSchemeHandler(urnScheme)
    urnComponent.path = undefined

    if (schemeHandler) {
      urnComponent = schemeHandler.parse(urnComponent, options)
    }
  } else {
    urnComponent.error = urnComponent.error || 'URN can not be parsed.'
  }

  return urnComponent
}

/** @type {SchemeFn} */
function urnSerialize (urnComponent, options) {
  if (urnComponent.nid === undefined) {
    throw new Error('URN without nid cannot be serialized')
  }
  const scheme = options.scheme || urnComponent.scheme || 'urn'
  const nid = urnComponent.nid.toLowerCase()
  const urnScheme = `${scheme}:${options.nid || nid}`
  const schemeHandler = getSchemeHandler(urnScheme)

  if (schemeHandler) {
    urnComponent = schemeHandler.serialize(urnComponent, options)
  }

  const uriComponent = urnComponent
  const nss = urnComponent.nss
  uriComponent.path = `${nid || options.nid}:${nss}`

  options.skipEscape = true
  return uriComponent
}

/** @type {SchemeFn} */
function urnuuidParse (urnComponent, options) {
  const uuidComponent = urnComponent
  uuidComponent.uuid = uuidComponent.nss
  uuidComponent.nss = undefined

  if (!options.tolerant && (!uuidComponent.uuid || !isUUID(uuidComponent.uuid))) {
    uuidComponent.error = uuidComponent.error || 'UUID is not valid.'
  }

  return uuidComponent
}

/** @type {SchemeFn} */
function urnuuidSerialize (uuidComponent) {
  const urnComponent = uuidComponent
  // normalize UUID
  urnComponent.nss = (uuidComponent.uuid || '').toLowerCase()
  return urnComponent
}

const http = /** @type {SchemeHandler} */ ({
  scheme: 'http',
  domainHost: true,
  parse: httpParse,
  serialize: httpSerialize
})

const https = /** @type {SchemeHandler} */ ({
  scheme: 'https',
  domainHost: http.domainHost,
  parse: httpParse,
  serialize: httpSerialize
})

const ws = /** @type {SchemeHandler} */ ({
  scheme: 'ws',
  domainHost: true,
  parse: wsParse,
  serialize: wsSerialize
})

const wss = /** @type {SchemeHandler} */ ({
  scheme: 'wss',
  domainHost: ws.domainHost,
  parse: ws.parse,
  serialize: ws.serialize
})

const urn = /** @type {SchemeHandler} */ ({
  scheme: 'urn',
  parse: urnParse,
  serialize: urnSerialize,
  skipNormalize: true
})

const urnuuid = /** @type {SchemeHandler} */ ({
  scheme: 'urn:uuid',
  parse: urnuuidParse,
  serialize: urnuuidSerialize,
  skipNormalize: true
})

const SCHEMES = /** @type {Record<SchemeName, SchemeHandler>} */ ({
  http,
  https,
  ws,
  wss,
  urn,
  'urn:uuid': urnuuid
})

Object.setPrototypeOf(SCHEMES, null)

/**
 * @param {string|undefined} scheme
 * @returns {SchemeHandler|undefined}
 */
function getSchemeHandler (scheme) {
  return (
    scheme && (
      SCHEMES[/** @type {SchemeName} */ (scheme)] ||
      SCHEMES[/** @type {SchemeName} */(scheme.toLowerCase())])
  ) ||
    undefined
}

module.exports = {
  wsIsSecure,
  SCHEMES,
  isValidSchemeName,
  getSchemeHandler,
}


/***/ }),

/***/ 5077:
/***/ ((module) => {



/** @type {(value: string) => boolean} */
const isUUID = RegExp.prototype.test.bind(/^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/iu)

/** @type {(value: string) => boolean} */
const isIPv4 = RegExp.prototype.test.bind(/^(?:(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d{2}|[1-9]\d|\d)$/u)

/** @type {(value: string) => boolean} */
const isPort = RegExp.prototype.test.bind(/^\d*$/u)

/** @type {(value: string) => boolean} */
const isHexPair = RegExp.prototype.test.bind(/^[\da-f]{2}$/iu)

/** @type {(value: string) => boolean} */
const isUnreserved = RegExp.prototype.test.bind(/^[\da-z\-._~]$/iu)

/** @type {(value: string) => boolean} */
const isPathCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/u)

/** @type {(value: string) => boolean} */
const isQueryFragmentCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:@/?]$/u)

/** @type {(value: string) => boolean} */
const isUserinfoCharacter = RegExp.prototype.test.bind(/^[A-Za-z0-9\-._~!$&'()*+,;=:]$/u)

const BYTE_HEX = new Array(256)
{
  const HEX_DIGITS = '0123456789ABCDEF'
  for (let i = 0; i < 256; i++) {
    BYTE_HEX[i] = '%' + HEX_DIGITS[i >> 4] + HEX_DIGITS[i & 0xF]
  }
}
function percentEncodeNonAscii (cp) {
  if (cp < 0x800) {
    return BYTE_HEX[0xC0 | (cp >> 6)] +
           BYTE_HEX[0x80 | (cp & 0x3F)]
  }
  if (cp < 0x10000) {
    return BYTE_HEX[0xE0 | (cp >> 12)] +
           BYTE_HEX[0x80 | ((cp >> 6) & 0x3F)] +
           BYTE_HEX[0x80 | (cp & 0x3F)]
  }
  return BYTE_HEX[0xF0 | (cp >> 18)] +
         BYTE_HEX[0x80 | ((cp >> 12) & 0x3F)] +
         BYTE_HEX[0x80 | ((cp >> 6) & 0x3F)] +
         BYTE_HEX[0x80 | (cp & 0x3F)]
}

/**
 * @param {Array<string>} input
 * @returns {string}
 */
function stringArrayToHexStripped (input) {
  let acc = ''
  let code = 0
  let i = 0

  for (i = 0; i < input.length; i++) {
    code = input[i].charCodeAt(0)
    if (code === 48) {
      continue
    }
    if (!((code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102))) {
      return ''
    }
    acc += input[i]
    break
  }

  for (i += 1; i < input.length; i++) {
    code = input[i].charCodeAt(0)
    if (!((code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102))) {
      return ''
    }
    acc += input[i]
  }
  return acc
}

/** @type {(value: string) => boolean} */
const isHextet = RegExp.prototype.test.bind(/^[\dA-Fa-f]{1,4}$/)

/** @type {(value: string) => boolean} */
const isIPvFuture = RegExp.prototype.test.bind(/^[vV][\dA-Fa-f]+\.[A-Za-z\d\-._~!$&'()*+,;=:]+$/)

/** @type {(value: string) => boolean} */
const isZoneCharacter = RegExp.prototype.test.bind(/^[A-Za-z\d\-._~]$/)

/**
 * @param {string} value
 * @returns {boolean}
 */
const nonSimpleDomain = RegExp.prototype.test.bind(/[^!"$&'()*+,\-.;=_`a-z{}~]/u)

/**
 * @param {string} zone
 * @returns {boolean}
 */
function isZoneIdentifier (zone) {
  if (zone.length === 0) return false

  for (let i = 0; i < zone.length; i++) {
    if (isZoneCharacter(zone[i])) continue
    if (zone[i] === '%' && i + 2 < zone.length && isHexPair(zone.slice(i + 1, i + 3))) {
      i += 2
      continue
    }
    return false
  }

  return true
}

/**
 * Compresses the longest run of zero hextets to "::" per RFC 5952. A run of a
 * single zero hextet is left uncompressed. On ties the leftmost run wins.
 *
 * @param {string[]} hextets
 * @returns {string}
 */
function compressIPv6ZeroRun (hextets) {
  let bestStart = -1
  let bestLength = 0
  let runStart = -1
  let runLength = 0
  for (let i = 0; i < hextets.length; i++) {
    if (hextets[i] === '0') {
      if (runStart === -1) runStart = i
      runLength++
      if (runLength > bestLength) {
        bestLength = runLength
        bestStart = runStart
      }
    } else {
      runStart = -1
      runLength = 0
    }
  }

  if (bestLength < 2) return hextets.join(':')

  const head = hextets.slice(0, bestStart).join(':')
  const tail = hextets.slice(bestStart + bestLength).join(':')
  return head + '::' + tail
}

/**
 * Validates an IPv6 address against the alternatives in RFC 3986 section
 * 3.2.2 and returns the same address with leading hextet zeroes removed.
 * An embedded IPv4 address counts as two hextets and is only valid at the end.
 *
 * @param {string} input
 * @returns {string|undefined}
 */
function normalizeIPv6Address (input) {
  const compression = input.indexOf('::')
  if (compression !== -1 && input.indexOf('::', compression + 1) !== -1) return undefined

  const left = compression === -1 ? input.split(':') : input.slice(0, compression).split(':')
  const right = compression === -1 ? [] : input.slice(compression + 2).split(':')
  if (compression !== -1) {
    if (left.length === 1 && left[0] === '') left.length = 0
    if (right.length === 1 && right[0] === '') right.length = 0
  }

  const parts = left.concat(right)
  let hextetCount = 0
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]
    if (part === '') return undefined

    if (part.indexOf('.') !== -1) {
      if (i !== parts.length - 1 || (compression !== -1 && right.length === 0) || !isIPv4(part)) return undefined
      hextetCount += 2
      continue
    }

    if (!isHextet(part)) return undefined
    parts[i] = parseInt(part, 16).toString(16)
    hextetCount++
  }

  if (compression === -1) {
    if (hextetCount !== 8) return undefined
    return compressIPv6ZeroRun(parts)
  }
  if (hextetCount >= 8) return undefined

  // expand "::" then re-compress the longest run for a canonical result
  const expanded = parts.slice(0, left.length)
  for (let i = hextetCount; i < 8; i++) expanded.push('0')
  for (let i = left.length; i < parts.length; i++) expanded.push(parts[i])
  return compressIPv6ZeroRun(expanded)
}

/**
 * @typedef {Object} NormalizeIPv6Result
 * @property {string} host - The normalized host.
 * @property {string} [escapedHost] - The escaped host.
 * @property {boolean} isIPV6 - Indicates if the host is an IPv6 address.
 * @property {boolean} [isIPVFuture] - Indicates if the host is an IPvFuture literal.
 * @property {boolean} [error] - Indicates if a bracketed IP literal is malformed.
 */

/**
 * Validates and normalizes a bracketed IP literal. Raw zone separators remain
 * accepted for backwards compatibility, while encoded separators and zone
 * contents follow RFC 6874.
 *
 * @param {string} host
 * @returns {NormalizeIPv6Result}
 */
function normalizeIPv6 (host) {
  const bracketed = host[0] === '[' && host[host.length - 1] === ']'
  const hasBracket = host[0] === '[' || host[host.length - 1] === ']'
  if (hasBracket && !bracketed) return { host, isIPV6: false, error: true }

  let input = bracketed ? host.slice(1, -1) : host
  if (bracketed && isIPvFuture(input)) {
    input = input.toLowerCase()
    return { host: `[${input}]`, escapedHost: input, isIPV6: false, isIPVFuture: true }
  }

  if (findToken(input, ':') < 2) {
    return { host, isIPV6: false, error: bracketed }
  }

  let zoneIdentifier = ''
  const zoneSeparator = input.indexOf('%')
  if (zoneSeparator !== -1) {
    const separatorLength = input.slice(zoneSeparator, zoneSeparator + 3).toLowerCase() === '%25' ? 3 : 1
    zoneIdentifier = input.slice(zoneSeparator + separatorLength)
    if (!isZoneIdentifier(zoneIdentifier)) return { host, isIPV6: false, error: true }
    input = input.slice(0, zoneSeparator)
  }

  const address = normalizeIPv6Address(input)
  if (address === undefined) return { host, isIPV6: false, error: true }

  return {
    host: address + (zoneIdentifier ? '%' + zoneIdentifier : ''),
    escapedHost: address + (zoneIdentifier ? '%25' + zoneIdentifier : ''),
    isIPV6: true
  }
}

/**
 * @param {string} str
 * @param {string} token
 * @returns {number}
 */
function findToken (str, token) {
  let ind = 0
  for (let i = 0; i < str.length; i++) {
    if (str[i] === token) ind++
  }
  return ind
}

/**
 * @param {string} path
 * @returns {string}
 *
 * @see https://datatracker.ietf.org/doc/html/rfc3986#section-5.2.4
 */
function removeDotSegments (path) {
  let input = path
  const output = []
  let nextSlash = -1
  let len = 0

  // eslint-disable-next-line no-cond-assign
  while (len = input.length) {
    if (len === 1) {
      if (input === '.') {
        break
      } else if (input === '/') {
        output.push('/')
        break
      } else {
        output.push(input)
        break
      }
    } else if (len === 2) {
      if (input[0] === '.') {
        if (input[1] === '.') {
          break
        } else if (input[1] === '/') {
          input = input.slice(2)
          continue
        }
      } else if (input[0] === '/') {
        if (input[1] === '.' || input[1] === '/') {
          output.push('/')
          break
        }
      }
    } else if (len === 3) {
      if (input === '/..') {
        if (output.length !== 0) {
          output.pop()
        }
        output.push('/')
        break
      }
    }
    if (input[0] === '.') {
      if (input[1] === '.') {
        if (input[2] === '/') {
          input = input.slice(3)
          continue
        }
      } else if (input[1] === '/') {
        input = input.slice(2)
        continue
      }
    } else if (input[0] === '/') {
      if (input[1] === '.') {
        if (input[2] === '/') {
          input = input.slice(2)
          continue
        } else if (input[2] === '.') {
          if (input[3] === '/') {
            input = input.slice(3)
            if (output.length !== 0) {
              output.pop()
            }
            continue
          }
        }
      }
    }

    // Rule 2E: Move normal path segment to output
    if ((nextSlash = input.indexOf('/', 1)) === -1) {
      output.push(input)
      break
    } else {
      output.push(input.slice(0, nextSlash))
      input = input.slice(nextSlash)
    }
  }

  return output.join('')
}

/**
 * Removes dot segments from the path of a relative reference (a path that does
 * not start with "/") without changing what it resolves to against any base.
 * Unlike `removeDotSegments`, leading ".." segments that cannot be collapsed
 * are kept, the result never becomes root-relative, and a result that would be
 * empty or start with an empty segment is prefixed with "." (an empty path
 * means "same document" and a leading "//" would introduce an authority).
 *
 * @param {string} path
 * @returns {string}
 */
function removeDotSegmentsRelative (path) {
  if (path === '' || path[0] === '/') {
    return removeDotSegments(path)
  }

  const segments = path.split('/')
  const last = segments.length - 1
  /** @type {string[]} */
  const output = []
  let trailingDirectory = false

  for (let i = 0; i <= last; i++) {
    const segment = segments[i]
    if (segment === '.' || segment === '..') {
      if (segment === '..') {
        if (output.length !== 0 && output[output.length - 1] !== '..') {
          output.pop()
        } else {
          output.push('..')
        }
      }
      trailingDirectory = i === last
    } else {
      output.push(segment)
    }
  }

  if (trailingDirectory && output[output.length - 1] !== '..') {
    output.push('')
  }
  if (output.length === 0 || output[0] === '' || output[0].includes(':')) {
    // An empty path, a leading empty segment ("//"), or a first segment
    // containing ":" (which would be mistaken for a scheme, RFC 3986 section
    // 4.2) must stay behind a "." segment so the reference keeps its meaning.
    output.unshift('.')
  }

  return output.join('/')
}

/**
 * Re-escape RFC 3986 gen-delims that must not appear literally in the host.
 * After the URI regex parses, these characters cannot be literal in the host
 * field, so any that appear after decoding came from percent-encoding and
 * must be restored to prevent authority structure changes.
 *
 * @param {string} host
 * @param {boolean} isIP - true for IPv4/IPv6 hosts (skip colon re-escaping)
 * @returns {string}
 */
const HOST_DELIMS = { '@': '%40', '/': '%2F', '?': '%3F', '#': '%23', ':': '%3A' }
const HOST_DELIM_RE = /[@/?#:]/g
const HOST_DELIM_NO_COLON_RE = /[@/?#]/g

function reescapeHostDelimiters (host, isIP) {
  const re = isIP ? HOST_DELIM_NO_COLON_RE : HOST_DELIM_RE
  re.lastIndex = 0
  return host.replace(re, (ch) => HOST_DELIMS[ch])
}

/**
 * Normalizes percent escapes and optionally decodes only unreserved ASCII bytes.
 * Reserved delimiters such as `%2F` stay escaped; `%2E` is unreserved.
 *
 * @param {string} input
 * @param {boolean} [decodeUnreserved=false]
 * @returns {string}
 */
function normalizePercentEncoding (input, decodeUnreserved = false) {
  if (input.indexOf('%') === -1) {
    return input
  }

  let output = ''

  for (let i = 0; i < input.length; i++) {
    if (input[i] === '%' && i + 2 < input.length) {
      const hex = input.slice(i + 1, i + 3)
      if (isHexPair(hex)) {
        const normalizedHex = hex.toUpperCase()
        const decoded = String.fromCharCode(parseInt(normalizedHex, 16))

        if (decodeUnreserved && isUnreserved(decoded)) {
          output += decoded
        } else {
          output += '%' + normalizedHex
        }

        i += 2
        continue
      }
    }

    output += input[i]
  }

  return output
}

/**
 * Normalizes path data without turning reserved escapes into live path syntax.
 * Valid escapes are uppercased, raw unsafe characters are escaped, and only
 * unreserved bytes that are not `.` are decoded.
 *
 * @param {string} input
 * @returns {string}
 */
function normalizePathEncoding (input) {
  let output = ''

  for (let i = 0; i < input.length; i++) {
    const ch = input[i]
    if (ch === '%' && i + 2 < input.length) {
      const hex = input.slice(i + 1, i + 3)
      if (isHexPair(hex)) {
        const normalizedHex = hex.toUpperCase()
        const decoded = String.fromCharCode(parseInt(normalizedHex, 16))

        if (decoded !== '.' && isUnreserved(decoded)) {
          output += decoded
        } else {
          output += '%' + normalizedHex
        }

        i += 2
        continue
      }
    }

    if (isPathCharacter(ch)) {
      output += ch
    } else {
      const code = input.charCodeAt(i)
      if (code < 0x80) {
        output += isEscapeSafe(code) ? ch : BYTE_HEX[code]
      } else if (code < 0xD800 || code > 0xDFFF) {
        output += percentEncodeNonAscii(code)
      } else if (code <= 0xDBFF && i + 1 < input.length) {
        const low = input.charCodeAt(i + 1)
        if (low >= 0xDC00 && low <= 0xDFFF) {
          output += percentEncodeNonAscii(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
          i++
        } else {
          output += percentEncodeNonAscii(0xFFFD)
        }
      } else {
        output += percentEncodeNonAscii(0xFFFD)
      }
    }
  }

  return output
}

/**
 * Serializes a path without rewriting reserved data. Raw RFC 3986 path
 * characters remain literal, valid escapes are preserved and uppercased, and
 * everything else is UTF-8 percent-encoded. In a path-noscheme, a colon in the
 * first segment must be escaped so the result cannot be parsed as a scheme.
 *
 * @param {string} input
 * @param {boolean} [pathNoScheme=false]
 * @returns {string}
 */
function serializePathEncoding (input, pathNoScheme = false) {
  let output = ''
  let firstSegment = pathNoScheme && input[0] !== '/'

  for (let i = 0; i < input.length; i++) {
    const ch = input[i]
    if (ch === '%' && i + 2 < input.length) {
      const hex = input.slice(i + 1, i + 3)
      if (isHexPair(hex)) {
        output += '%' + hex.toUpperCase()
        i += 2
        continue
      }
    }

    if (ch === '/') {
      firstSegment = false
    }

    if (isPathCharacter(ch) && (ch !== ':' || !firstSegment)) {
      output += ch
    } else {
      const code = input.charCodeAt(i)
      if (code < 0x80) {
        output += BYTE_HEX[code]
      } else if (code < 0xD800 || code > 0xDFFF) {
        output += percentEncodeNonAscii(code)
      } else if (code <= 0xDBFF && i + 1 < input.length) {
        const low = input.charCodeAt(i + 1)
        if (low >= 0xDC00 && low <= 0xDFFF) {
          output += percentEncodeNonAscii(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
          i++
        } else {
          output += percentEncodeNonAscii(0xFFFD)
        }
      } else {
        output += percentEncodeNonAscii(0xFFFD)
      }
    }
  }

  return output
}

/**
 * Percent-encodes a URI component using its RFC 3986 literal character set.
 * Existing valid escapes are preserved and normalized to uppercase hex.
 *
 * @param {string} input
 * @param {(value: string) => boolean} isAllowed
 * @returns {string}
 */
function encodeComponent (input, isAllowed) {
  let output = ''

  for (let i = 0; i < input.length; i++) {
    const ch = input[i]
    if (ch === '%' && i + 2 < input.length) {
      const hex = input.slice(i + 1, i + 3)
      if (isHexPair(hex)) {
        output += '%' + hex.toUpperCase()
        i += 2
        continue
      }
    }

    if (isAllowed(ch)) {
      output += ch
    } else {
      const code = input.charCodeAt(i)
      if (code < 0x80) {
        output += BYTE_HEX[code]
      } else if (code < 0xD800 || code > 0xDFFF) {
        output += percentEncodeNonAscii(code)
      } else if (code <= 0xDBFF && i + 1 < input.length) {
        const low = input.charCodeAt(i + 1)
        if (low >= 0xDC00 && low <= 0xDFFF) {
          output += percentEncodeNonAscii(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
          i++
        } else {
          output += percentEncodeNonAscii(0xFFFD)
        }
      } else {
        output += percentEncodeNonAscii(0xFFFD)
      }
    }
  }

  return output
}

/**
 * Encodes userinfo while preserving its RFC 3986 §3.2.1 literal characters.
 * In particular, authority delimiters such as `@`, `/`, `?`, and `#` are data.
 *
 * @param {string} input
 * @returns {string}
 */
function encodeUserinfo (input) {
  return encodeComponent(input, isUserinfoCharacter)
}

/**
 * Encodes query data using the RFC 3986 §3.4 grammar. A literal `#` must be
 * escaped because it would otherwise begin the fragment component.
 *
 * @param {string} input
 * @returns {string}
 */
function encodeQuery (input) {
  return encodeComponent(input, isQueryFragmentCharacter)
}

/**
 * Encodes fragment data using the RFC 3986 §3.5 grammar.
 *
 * @param {string} input
 * @returns {string}
 */
function encodeFragment (input) {
  return encodeComponent(input, isQueryFragmentCharacter)
}

function isEscapeSafe (cp) {
  return (
    (cp >= 0x30 && cp <= 0x39) ||
    (cp >= 0x41 && cp <= 0x5A) ||
    (cp >= 0x61 && cp <= 0x7A) ||
    cp === 0x2A || cp === 0x2B || cp === 0x2D || cp === 0x2E ||
    cp === 0x2F || cp === 0x40 || cp === 0x5F
  )
}

/**
 * Normalizes the percent-encoding of a query or fragment component.
 *
 * Like `normalizePathEncoding`, but uses the query/fragment character set
 * (which additionally allows `?`) and decodes `.` since it has no dot-segment
 * meaning outside of a path.
 *
 * @param {string} input
 * @returns {string}
 */
function normalizeQueryFragmentEncoding (input) {
  let output = ''

  for (let i = 0; i < input.length; i++) {
    const ch = input[i]
    if (ch === '%' && i + 2 < input.length) {
      const hex = input.slice(i + 1, i + 3)
      if (isHexPair(hex)) {
        const normalizedHex = hex.toUpperCase()
        const decoded = String.fromCharCode(parseInt(normalizedHex, 16))

        if (isUnreserved(decoded)) {
          output += decoded
        } else {
          output += '%' + normalizedHex
        }

        i += 2
        continue
      }
    }

    if (isQueryFragmentCharacter(ch)) {
      output += ch
    } else {
      const code = input.charCodeAt(i)
      if (code < 0x80) {
        output += isEscapeSafe(code) ? ch : BYTE_HEX[code]
      } else if (code < 0xD800 || code > 0xDFFF) {
        output += percentEncodeNonAscii(code)
      } else if (code <= 0xDBFF && i + 1 < input.length) {
        const low = input.charCodeAt(i + 1)
        if (low >= 0xDC00 && low <= 0xDFFF) {
          output += percentEncodeNonAscii(0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00))
          i++
        } else {
          output += percentEncodeNonAscii(0xFFFD)
        }
      } else {
        output += percentEncodeNonAscii(0xFFFD)
      }
    }
  }

  return output
}

/**
 * Escapes a component while preserving existing valid percent escapes.
 *
 * @param {string} input
 * @returns {string}
 */
function escapePreservingEscapes (input) {
  let output = ''

  for (let i = 0; i < input.length; i++) {
    if (input[i] === '%' && i + 2 < input.length) {
      const hex = input.slice(i + 1, i + 3)
      if (isHexPair(hex)) {
        output += '%' + hex.toUpperCase()
        i += 2
        continue
      }
    }

    output += escape(input[i])
  }

  return output
}

/**
 * @param {import('../types/index').URIComponent} component
 * @returns {string|undefined}
 */
function recomposeAuthority (component) {
  const uriTokens = []

  if (component.userinfo !== undefined) {
    uriTokens.push(encodeUserinfo(component.userinfo))
    uriTokens.push('@')
  }

  if (component.host !== undefined) {
    let host = component.host
    if (!isIPv4(host)) {
      let ipV6res = normalizeIPv6(host)
      if (ipV6res.isIPV6 !== true && ipV6res.isIPVFuture !== true) {
        // Decode only unreserved bytes, once. In particular, keep %25 encoded
        // so it cannot introduce a second escape during recomposition.
        host = normalizePercentEncoding(host, true)
        ipV6res = normalizeIPv6(host)
      }
      if (ipV6res.isIPV6 === true || ipV6res.isIPVFuture === true) {
        host = `[${ipV6res.escapedHost}]`
      } else {
        host = reescapeHostDelimiters(host, false)
      }
    }
    uriTokens.push(host)
  }

  if (typeof component.port === 'number' || typeof component.port === 'string') {
    const port = String(component.port)
    if (!isPort(port)) {
      throw new TypeError('URI port is malformed.')
    }
    uriTokens.push(':')
    uriTokens.push(port)
  }

  return uriTokens.length ? uriTokens.join('') : undefined
};

module.exports = {
  nonSimpleDomain,
  recomposeAuthority,
  reescapeHostDelimiters,
  normalizePercentEncoding,
  normalizePathEncoding,
  serializePathEncoding,
  normalizeQueryFragmentEncoding,
  encodeUserinfo,
  encodeQuery,
  encodeFragment,
  escapePreservingEscapes,
  removeDotSegments,
  removeDotSegmentsRelative,
  isIPv4,
  isUUID,
  normalizeIPv6,
  stringArrayToHexStripped
}


/***/ }),

/***/ 7349:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var resolveBlockMap = __nccwpck_require__(7103);
var resolveBlockSeq = __nccwpck_require__(334);
var resolveFlowCollection = __nccwpck_require__(3142);

function resolveCollection(CN, ctx, token, onError, tagName, tag) {
    const coll = token.type === 'block-map'
        ? resolveBlockMap.resolveBlockMap(CN, ctx, token, onError, tag)
        : token.type === 'block-seq'
            ? resolveBlockSeq.resolveBlockSeq(CN, ctx, token, onError, tag)
            : resolveFlowCollection.resolveFlowCollection(CN, ctx, token, onError, tag);
    const Coll = coll.constructor;
    // If we got a tagName matching the class, or the tag name is '!',
    // then use the tagName from the node class used to create it.
    if (tagName === '!' || tagName === Coll.tagName) {
        coll.tag = Coll.tagName;
        return coll;
    }
    if (tagName)
        coll.tag = tagName;
    return coll;
}
function composeCollection(CN, ctx, token, props, onError) {
    const tagToken = props.tag;
    const tagName = !tagToken
        ? null
        : ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg));
    if (token.type === 'block-seq') {
        const { anchor, newlineAfterProp: nl } = props;
        const lastProp = anchor && tagToken
            ? anchor.offset > tagToken.offset
                ? anchor
                : tagToken
            : (anchor ?? tagToken);
        if (lastProp && (!nl || nl.offset < lastProp.offset)) {
            const message = 'Missing newline after block sequence props';
            onError(lastProp, 'MISSING_CHAR', message);
        }
    }
    const expType = token.type === 'block-map'
        ? 'map'
        : token.type === 'block-seq'
            ? 'seq'
            : token.start.source === '{'
                ? 'map'
                : 'seq';
    // shortcut: check if it's a generic YAMLMap or YAMLSeq
    // before jumping into the custom tag logic.
    if (!tagToken ||
        !tagName ||
        tagName === '!' ||
        (tagName === YAMLMap.YAMLMap.tagName && expType === 'map') ||
        (tagName === YAMLSeq.YAMLSeq.tagName && expType === 'seq')) {
        return resolveCollection(CN, ctx, token, onError, tagName);
    }
    let tag = ctx.schema.tags.find(t => t.tag === tagName && t.collection === expType);
    if (!tag) {
        const kt = ctx.schema.knownTags[tagName];
        if (kt?.collection === expType) {
            ctx.schema.tags.push(Object.assign({}, kt, { default: false }));
            tag = kt;
        }
        else {
            if (kt) {
                onError(tagToken, 'BAD_COLLECTION_TYPE', `${kt.tag} used for ${expType} collection, but expects ${kt.collection ?? 'scalar'}`, true);
            }
            else {
                onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, true);
            }
            return resolveCollection(CN, ctx, token, onError, tagName);
        }
    }
    const coll = resolveCollection(CN, ctx, token, onError, tagName, tag);
    const res = tag.resolve?.(coll, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg), ctx.options) ?? coll;
    const node = identity.isNode(res)
        ? res
        : new Scalar.Scalar(res);
    node.range = coll.range;
    node.tag = tagName;
    if (tag?.format)
        node.format = tag.format;
    return node;
}

exports.composeCollection = composeCollection;


/***/ }),

/***/ 3683:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Document = __nccwpck_require__(5402);
var composeNode = __nccwpck_require__(5937);
var resolveEnd = __nccwpck_require__(5407);
var resolveProps = __nccwpck_require__(4631);

function composeDoc(options, directives, { offset, start, value, end }, onError) {
    const opts = Object.assign({ _directives: directives }, options);
    const doc = new Document.Document(undefined, opts);
    const ctx = {
        atKey: false,
        atRoot: true,
        directives: doc.directives,
        options: doc.options,
        schema: doc.schema
    };
    const props = resolveProps.resolveProps(start, {
        indicator: 'doc-start',
        next: value ?? end?.[0],
        offset,
        onError,
        parentIndent: 0,
        startOnNewline: true
    });
    if (props.found) {
        doc.directives.docStart = true;
        if (value &&
            (value.type === 'block-map' || value.type === 'block-seq') &&
            !props.hasNewline)
            onError(props.end, 'MISSING_CHAR', 'Block collection cannot start on same line with directives-end marker');
    }
    // @ts-expect-error If Contents is set, let's trust the user
    doc.contents = value
        ? composeNode.composeNode(ctx, value, props, onError)
        : composeNode.composeEmptyNode(ctx, props.end, start, null, props, onError);
    const contentEnd = doc.contents.range[2];
    const re = resolveEnd.resolveEnd(end, contentEnd, false, onError);
    if (re.comment)
        doc.comment = re.comment;
    doc.range = [offset, contentEnd, re.offset];
    return doc;
}

exports.composeDoc = composeDoc;


/***/ }),

/***/ 5937:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Alias = __nccwpck_require__(4065);
var identity = __nccwpck_require__(1127);
var composeCollection = __nccwpck_require__(7349);
var composeScalar = __nccwpck_require__(5413);
var resolveEnd = __nccwpck_require__(5407);
var utilEmptyScalarPosition = __nccwpck_require__(2599);

const CN = { composeNode, composeEmptyNode };
function composeNode(ctx, token, props, onError) {
    const atKey = ctx.atKey;
    const { spaceBefore, comment, anchor, tag } = props;
    let node;
    let isSrcToken = true;
    switch (token.type) {
        case 'alias':
            node = composeAlias(ctx, token, onError);
            if (anchor || tag)
                onError(token, 'ALIAS_PROPS', 'An alias node must not specify any properties');
            break;
        case 'scalar':
        case 'single-quoted-scalar':
        case 'double-quoted-scalar':
        case 'block-scalar':
            node = composeScalar.composeScalar(ctx, token, tag, onError);
            if (anchor)
                node.anchor = anchor.source.substring(1);
            break;
        case 'block-map':
        case 'block-seq':
        case 'flow-collection':
            try {
                node = composeCollection.composeCollection(CN, ctx, token, props, onError);
                if (anchor)
                    node.anchor = anchor.source.substring(1);
            }
            catch (error) {
                // Almost certainly here due to a stack overflow
                const message = error instanceof Error ? error.message : String(error);
                onError(token, 'RESOURCE_EXHAUSTION', message);
            }
            break;
        default: {
            const message = token.type === 'error'
                ? token.message
                : `Unsupported token (type: ${token.type})`;
            onError(token, 'UNEXPECTED_TOKEN', message);
            isSrcToken = false;
        }
    }
    node ?? (node = composeEmptyNode(ctx, token.offset, undefined, null, props, onError));
    if (anchor && node.anchor === '')
        onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
    if (atKey &&
        ctx.options.stringKeys &&
        (!identity.isScalar(node) ||
            typeof node.value !== 'string' ||
            (node.tag && node.tag !== 'tag:yaml.org,2002:str'))) {
        const msg = 'With stringKeys, all keys must be strings';
        onError(tag ?? token, 'NON_STRING_KEY', msg);
    }
    if (spaceBefore)
        node.spaceBefore = true;
    if (comment) {
        if (token.type === 'scalar' && token.source === '')
            node.comment = comment;
        else
            node.commentBefore = comment;
    }
    // @ts-expect-error Type checking misses meaning of isSrcToken
    if (ctx.options.keepSourceTokens && isSrcToken)
        node.srcToken = token;
    return node;
}
function composeEmptyNode(ctx, offset, before, pos, { spaceBefore, comment, anchor, tag, end }, onError) {
    const token = {
        type: 'scalar',
        offset: utilEmptyScalarPosition.emptyScalarPosition(offset, before, pos),
        indent: -1,
        source: ''
    };
    const node = composeScalar.composeScalar(ctx, token, tag, onError);
    if (anchor) {
        node.anchor = anchor.source.substring(1);
        if (node.anchor === '')
            onError(anchor, 'BAD_ALIAS', 'Anchor cannot be an empty string');
    }
    if (spaceBefore)
        node.spaceBefore = true;
    if (comment) {
        node.comment = comment;
        node.range[2] = end;
    }
    return node;
}
function composeAlias({ options }, { offset, source, end }, onError) {
    const alias = new Alias.Alias(source.substring(1));
    if (alias.source === '')
        onError(offset, 'BAD_ALIAS', 'Alias cannot be an empty string');
    if (alias.source.endsWith(':'))
        onError(offset + source.length - 1, 'BAD_ALIAS', 'Alias ending in : is ambiguous', true);
    const valueEnd = offset + source.length;
    const re = resolveEnd.resolveEnd(end, valueEnd, options.strict, onError);
    alias.range = [offset, valueEnd, re.offset];
    if (re.comment)
        alias.comment = re.comment;
    return alias;
}

exports.composeEmptyNode = composeEmptyNode;
exports.composeNode = composeNode;


/***/ }),

/***/ 5413:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var resolveBlockScalar = __nccwpck_require__(8913);
var resolveFlowScalar = __nccwpck_require__(6842);

function composeScalar(ctx, token, tagToken, onError) {
    const { value, type, comment, range } = token.type === 'block-scalar'
        ? resolveBlockScalar.resolveBlockScalar(ctx, token, onError)
        : resolveFlowScalar.resolveFlowScalar(token, ctx.options.strict, onError);
    const tagName = tagToken
        ? ctx.directives.tagName(tagToken.source, msg => onError(tagToken, 'TAG_RESOLVE_FAILED', msg))
        : null;
    let tag;
    if (ctx.options.stringKeys && ctx.atKey) {
        tag = ctx.schema[identity.SCALAR];
    }
    else if (tagName)
        tag = findScalarTagByName(ctx.schema, value, tagName, tagToken, onError);
    else if (token.type === 'scalar')
        tag = findScalarTagByTest(ctx, value, token, onError);
    else
        tag = ctx.schema[identity.SCALAR];
    let scalar;
    try {
        const res = tag.resolve(value, msg => onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg), ctx.options);
        scalar = identity.isScalar(res) ? res : new Scalar.Scalar(res);
    }
    catch (error) {
        const msg = error instanceof Error ? error.message : String(error);
        onError(tagToken ?? token, 'TAG_RESOLVE_FAILED', msg);
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
    if (tagName === '!')
        return schema[identity.SCALAR]; // non-specific tag
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
        // Ensure that the known tag is available for stringifying,
        // but does not get used by default.
        schema.tags.push(Object.assign({}, kt, { default: false, test: undefined }));
        return kt;
    }
    onError(tagToken, 'TAG_RESOLVE_FAILED', `Unresolved tag: ${tagName}`, tagName !== 'tag:yaml.org,2002:str');
    return schema[identity.SCALAR];
}
function findScalarTagByTest({ atKey, directives, schema }, value, token, onError) {
    const tag = schema.tags.find(tag => (tag.default === true || (atKey && tag.default === 'key')) &&
        tag.test?.test(value)) || schema[identity.SCALAR];
    if (schema.compat) {
        const compat = schema.compat.find(tag => tag.default && tag.test?.test(value)) ??
            schema[identity.SCALAR];
        if (tag.tag !== compat.tag) {
            const ts = directives.tagString(tag.tag);
            const cs = directives.tagString(compat.tag);
            const msg = `Value may be parsed as either ${ts} or ${cs}`;
            onError(token, 'TAG_RESOLVE_FAILED', msg, true);
        }
    }
    return tag;
}

exports.composeScalar = composeScalar;


/***/ }),

/***/ 9984:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_process = __nccwpck_require__(932);
var directives = __nccwpck_require__(1342);
var Document = __nccwpck_require__(5402);
var errors = __nccwpck_require__(1464);
var identity = __nccwpck_require__(1127);
var composeDoc = __nccwpck_require__(3683);
var resolveEnd = __nccwpck_require__(5407);

function getErrorPos(src) {
    if (typeof src === 'number')
        return [src, src + 1];
    if (Array.isArray(src))
        return src.length === 2 ? src : [src[0], src[1]];
    const { offset, source } = src;
    return [offset, offset + (typeof source === 'string' ? source.length : 1)];
}
function parsePrelude(prelude) {
    let comment = '';
    let atComment = false;
    let afterEmptyLine = false;
    for (let i = 0; i < prelude.length; ++i) {
        const source = prelude[i];
        switch (source[0]) {
            case '#':
                comment +=
                    (comment === '' ? '' : afterEmptyLine ? '\n\n' : '\n') +
                        (source.substring(1) || ' ');
                atComment = true;
                afterEmptyLine = false;
                break;
            case '%':
                if (prelude[i + 1]?.[0] !== '#')
                    i += 1;
                atComment = false;
                break;
            default:
                // This may be wrong after doc-end, but in that case it doesn't matter
                if (!atComment)
                    afterEmptyLine = true;
                atComment = false;
        }
    }
    return { comment, afterEmptyLine };
}
/**
 * Compose a stream of CST nodes into a stream of YAML Documents.
 *
 * ```ts
 * import { Composer, Parser } from 'yaml'
 *
 * const src: string = ...
 * const tokens = new Parser().parse(src)
 * const docs = new Composer().compose(tokens)
 * ```
 */
class Composer {
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
        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
        this.directives = new directives.Directives({ version: options.version || '1.2' });
        this.options = options;
    }
    decorate(doc, afterDoc) {
        const { comment, afterEmptyLine } = parsePrelude(this.prelude);
        //console.log({ dc: doc.comment, prelude, comment })
        if (comment) {
            const dc = doc.contents;
            if (afterDoc) {
                doc.comment = doc.comment ? `${doc.comment}\n${comment}` : comment;
            }
            else if (afterEmptyLine || doc.directives.docStart || !dc) {
                doc.commentBefore = comment;
            }
            else if (identity.isCollection(dc) && !dc.flow && dc.items.length > 0) {
                let it = dc.items[0];
                if (identity.isPair(it))
                    it = it.key;
                const cb = it.commentBefore;
                it.commentBefore = cb ? `${comment}\n${cb}` : comment;
            }
            else {
                const cb = dc.commentBefore;
                dc.commentBefore = cb ? `${comment}\n${cb}` : comment;
            }
        }
        if (afterDoc) {
            for (let i = 0; i < this.errors.length; ++i)
                doc.errors.push(this.errors[i]);
            for (let i = 0; i < this.warnings.length; ++i)
                doc.warnings.push(this.warnings[i]);
        }
        else {
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
            case 'directive':
                this.directives.add(token.source, (offset, message, warning) => {
                    const pos = getErrorPos(token);
                    pos[0] += offset;
                    this.onError(pos, 'BAD_DIRECTIVE', message, warning);
                });
                this.prelude.push(token.source);
                this.atDirectives = true;
                break;
            case 'document': {
                const doc = composeDoc.composeDoc(this.options, this.directives, token, this.onError);
                if (this.atDirectives && !doc.directives.docStart)
                    this.onError(token, 'MISSING_CHAR', 'Missing directives-end/doc-start indicator line');
                this.decorate(doc, false);
                if (this.doc)
                    yield this.doc;
                this.doc = doc;
                this.atDirectives = false;
                break;
            }
            case 'byte-order-mark':
            case 'space':
                break;
            case 'comment':
            case 'newline':
                this.prelude.push(token.source);
                break;
            case 'error': {
                const msg = token.source
                    ? `${token.message}: ${JSON.stringify(token.source)}`
                    : token.message;
                const error = new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg);
                if (this.atDirectives || !this.doc)
                    this.errors.push(error);
                else
                    this.doc.errors.push(error);
                break;
            }
            case 'doc-end': {
                if (!this.doc) {
                    const msg = 'Unexpected doc-end without preceding document';
                    this.errors.push(new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', msg));
                    break;
                }
                this.doc.directives.docEnd = true;
                const end = resolveEnd.resolveEnd(token.end, token.offset + token.source.length, this.doc.options.strict, this.onError);
                this.decorate(this.doc, true);
                if (end.comment) {
                    const dc = this.doc.comment;
                    this.doc.comment = dc ? `${dc}\n${end.comment}` : end.comment;
                }
                this.doc.range[2] = end.offset;
                break;
            }
            default:
                this.errors.push(new errors.YAMLParseError(getErrorPos(token), 'UNEXPECTED_TOKEN', `Unsupported token ${token.type}`));
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
        }
        else if (forceDoc) {
            const opts = Object.assign({ _directives: this.directives }, this.options);
            const doc = new Document.Document(undefined, opts);
            if (this.atDirectives)
                this.onError(endOffset, 'MISSING_CHAR', 'Missing directives-end indicator line');
            doc.range = [0, endOffset, endOffset];
            this.decorate(doc, false);
            yield doc;
        }
    }
}

exports.Composer = Composer;


/***/ }),

/***/ 7103:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Pair = __nccwpck_require__(7165);
var YAMLMap = __nccwpck_require__(4454);
var resolveProps = __nccwpck_require__(4631);
var utilContainsNewline = __nccwpck_require__(9499);
var utilFlowIndentCheck = __nccwpck_require__(4051);
var utilMapIncludes = __nccwpck_require__(1187);

const startColMsg = 'All mapping items must start at the same column';
function resolveBlockMap({ composeNode, composeEmptyNode }, ctx, bm, onError, tag) {
    const NodeClass = tag?.nodeClass ?? YAMLMap.YAMLMap;
    const map = new NodeClass(ctx.schema);
    if (ctx.atRoot)
        ctx.atRoot = false;
    let offset = bm.offset;
    let commentEnd = null;
    for (const collItem of bm.items) {
        const { start, key, sep, value } = collItem;
        // key properties
        const keyProps = resolveProps.resolveProps(start, {
            indicator: 'explicit-key-ind',
            next: key ?? sep?.[0],
            offset,
            onError,
            parentIndent: bm.indent,
            startOnNewline: true
        });
        const implicitKey = !keyProps.found;
        if (implicitKey) {
            if (key) {
                if (key.type === 'block-seq')
                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'A block sequence may not be used as an implicit map key');
                else if ('indent' in key && key.indent !== bm.indent)
                    onError(offset, 'BAD_INDENT', startColMsg);
            }
            if (!keyProps.anchor && !keyProps.tag && !sep) {
                commentEnd = keyProps.end;
                if (keyProps.comment) {
                    if (map.comment)
                        map.comment += '\n' + keyProps.comment;
                    else
                        map.comment = keyProps.comment;
                }
                continue;
            }
            if (keyProps.newlineAfterProp || utilContainsNewline.containsNewline(key)) {
                onError(key ?? start[start.length - 1], 'MULTILINE_IMPLICIT_KEY', 'Implicit keys need to be on a single line');
            }
        }
        else if (keyProps.found?.indent !== bm.indent) {
            onError(offset, 'BAD_INDENT', startColMsg);
        }
        // key value
        ctx.atKey = true;
        const keyStart = keyProps.end;
        const keyNode = key
            ? composeNode(ctx, key, keyProps, onError)
            : composeEmptyNode(ctx, keyStart, start, null, keyProps, onError);
        if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bm.indent, key, onError);
        ctx.atKey = false;
        if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
            onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
        // value properties
        const valueProps = resolveProps.resolveProps(sep ?? [], {
            indicator: 'map-value-ind',
            next: value,
            offset: keyNode.range[2],
            onError,
            parentIndent: bm.indent,
            startOnNewline: !key || key.type === 'block-scalar'
        });
        offset = valueProps.end;
        if (valueProps.found) {
            if (implicitKey) {
                if (value?.type === 'block-map' && !valueProps.hasNewline)
                    onError(offset, 'BLOCK_AS_IMPLICIT_KEY', 'Nested mappings are not allowed in compact mappings');
                if (ctx.options.strict &&
                    keyProps.start < valueProps.found.offset - 1024)
                    onError(keyNode.range, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit block mapping key');
            }
            // value value
            const valueNode = value
                ? composeNode(ctx, value, valueProps, onError)
                : composeEmptyNode(ctx, offset, sep, null, valueProps, onError);
            if (ctx.schema.compat)
                utilFlowIndentCheck.flowIndentCheck(bm.indent, value, onError);
            offset = valueNode.range[2];
            const pair = new Pair.Pair(keyNode, valueNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            map.items.push(pair);
        }
        else {
            // key with no value
            if (implicitKey)
                onError(keyNode.range, 'MISSING_CHAR', 'Implicit map keys need to be followed by map values');
            if (valueProps.comment) {
                if (keyNode.comment)
                    keyNode.comment += '\n' + valueProps.comment;
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
        onError(commentEnd, 'IMPOSSIBLE', 'Map comment with trailing content');
    map.range = [bm.offset, offset, commentEnd ?? offset];
    return map;
}

exports.resolveBlockMap = resolveBlockMap;


/***/ }),

/***/ 8913:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

function resolveBlockScalar(ctx, scalar, onError) {
    const start = scalar.offset;
    const header = parseBlockScalarHeader(scalar, ctx.options.strict, onError);
    if (!header)
        return { value: '', type: null, comment: '', range: [start, start, start] };
    const type = header.mode === '>' ? Scalar.Scalar.BLOCK_FOLDED : Scalar.Scalar.BLOCK_LITERAL;
    const lines = scalar.source ? splitLines(scalar.source) : [];
    // determine the end of content & start of chomping
    let chompStart = lines.length;
    for (let i = lines.length - 1; i >= 0; --i) {
        const content = lines[i][1];
        if (content === '' || content === '\r')
            chompStart = i;
        else
            break;
    }
    // shortcut for empty contents
    if (chompStart === 0) {
        const value = header.chomp === '+' && lines.length > 0
            ? '\n'.repeat(Math.max(1, lines.length - 1))
            : '';
        let end = start + header.length;
        if (scalar.source)
            end += scalar.source.length;
        return { value, type, comment: header.comment, range: [start, end, end] };
    }
    // find the indentation level to trim from start
    let trimIndent = scalar.indent + header.indent;
    let offset = scalar.offset + header.length;
    let contentStart = 0;
    for (let i = 0; i < chompStart; ++i) {
        const [indent, content] = lines[i];
        if (content === '' || content === '\r') {
            if (header.indent === 0 && indent.length > trimIndent)
                trimIndent = indent.length;
        }
        else {
            if (indent.length < trimIndent) {
                const message = 'Block scalars with more-indented leading empty lines must use an explicit indentation indicator';
                onError(offset + indent.length, 'MISSING_CHAR', message);
            }
            if (header.indent === 0)
                trimIndent = indent.length;
            contentStart = i;
            if (trimIndent === 0 && !ctx.atRoot) {
                const message = 'Block scalar values in collections must be indented';
                onError(offset, 'BAD_INDENT', message);
            }
            break;
        }
        offset += indent.length + content.length + 1;
    }
    // include trailing more-indented empty lines in content
    for (let i = lines.length - 1; i >= chompStart; --i) {
        if (lines[i][0].length > trimIndent)
            chompStart = i + 1;
    }
    let value = '';
    let sep = '';
    let prevMoreIndented = false;
    // leading whitespace is kept intact
    for (let i = 0; i < contentStart; ++i)
        value += lines[i][0].slice(trimIndent) + '\n';
    for (let i = contentStart; i < chompStart; ++i) {
        let [indent, content] = lines[i];
        offset += indent.length + content.length + 1;
        const crlf = content[content.length - 1] === '\r';
        if (crlf)
            content = content.slice(0, -1);
        /* istanbul ignore if already caught in lexer */
        if (content && indent.length < trimIndent) {
            const src = header.indent
                ? 'explicit indentation indicator'
                : 'first line';
            const message = `Block scalar lines must not be less indented than their ${src}`;
            onError(offset - content.length - (crlf ? 2 : 1), 'BAD_INDENT', message);
            indent = '';
        }
        if (type === Scalar.Scalar.BLOCK_LITERAL) {
            value += sep + indent.slice(trimIndent) + content;
            sep = '\n';
        }
        else if (indent.length > trimIndent || content[0] === '\t') {
            // more-indented content within a folded block
            if (sep === ' ')
                sep = '\n';
            else if (!prevMoreIndented && sep === '\n')
                sep = '\n\n';
            value += sep + indent.slice(trimIndent) + content;
            sep = '\n';
            prevMoreIndented = true;
        }
        else if (content === '') {
            // empty line
            if (sep === '\n')
                value += '\n';
            else
                sep = '\n';
        }
        else {
            value += sep + content;
            sep = ' ';
            prevMoreIndented = false;
        }
    }
    switch (header.chomp) {
        case '-':
            break;
        case '+':
            for (let i = chompStart; i < lines.length; ++i)
                value += '\n' + lines[i][0].slice(trimIndent);
            if (value[value.length - 1] !== '\n')
                value += '\n';
            break;
        default:
            value += '\n';
    }
    const end = start + header.length + scalar.source.length;
    return { value, type, comment: header.comment, range: [start, end, end] };
}
function parseBlockScalarHeader({ offset, props }, strict, onError) {
    /* istanbul ignore if should not happen */
    if (props[0].type !== 'block-scalar-header') {
        onError(props[0], 'IMPOSSIBLE', 'Block scalar header not found');
        return null;
    }
    const { source } = props[0];
    const mode = source[0];
    let indent = 0;
    let chomp = '';
    let error = -1;
    for (let i = 1; i < source.length; ++i) {
        const ch = source[i];
        if (!chomp && (ch === '-' || ch === '+'))
            chomp = ch;
        else {
            const n = Number(ch);
            if (!indent && n)
                indent = n;
            else if (error === -1)
                error = offset + i;
        }
    }
    if (error !== -1)
        onError(error, 'UNEXPECTED_TOKEN', `Block scalar header includes extra characters: ${source}`);
    let hasSpace = false;
    let comment = '';
    let length = source.length;
    for (let i = 1; i < props.length; ++i) {
        const token = props[i];
        switch (token.type) {
            case 'space':
                hasSpace = true;
            // fallthrough
            case 'newline':
                length += token.source.length;
                break;
            case 'comment':
                if (strict && !hasSpace) {
                    const message = 'Comments must be separated from other tokens by white space characters';
                    onError(token, 'MISSING_CHAR', message);
                }
                length += token.source.length;
                comment = token.source.substring(1);
                break;
            case 'error':
                onError(token, 'UNEXPECTED_TOKEN', token.message);
                length += token.source.length;
                break;
            /* istanbul ignore next should not happen */
            default: {
                const message = `Unexpected token in block scalar header: ${token.type}`;
                onError(token, 'UNEXPECTED_TOKEN', message);
                const ts = token.source;
                if (ts && typeof ts === 'string')
                    length += ts.length;
            }
        }
    }
    return { mode, indent, chomp, comment, length };
}
/** @returns Array of lines split up as `[indent, content]` */
function splitLines(source) {
    const split = source.split(/\n( *)/);
    const first = split[0];
    const m = first.match(/^( *)/);
    const line0 = m?.[1]
        ? [m[1], first.slice(m[1].length)]
        : ['', first];
    const lines = [line0];
    for (let i = 1; i < split.length; i += 2)
        lines.push([split[i], split[i + 1]]);
    return lines;
}

exports.resolveBlockScalar = resolveBlockScalar;


/***/ }),

/***/ 334:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var YAMLSeq = __nccwpck_require__(2223);
var resolveProps = __nccwpck_require__(4631);
var utilFlowIndentCheck = __nccwpck_require__(4051);

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
            indicator: 'seq-item-ind',
            next: value,
            offset,
            onError,
            parentIndent: bs.indent,
            startOnNewline: true
        });
        if (!props.found) {
            if (props.anchor || props.tag || value) {
                if (value?.type === 'block-seq')
                    onError(props.end, 'BAD_INDENT', 'All sequence items must start at the same column');
                else
                    onError(offset, 'MISSING_CHAR', 'Sequence item without - indicator');
            }
            else {
                commentEnd = props.end;
                if (props.comment)
                    seq.comment = props.comment;
                continue;
            }
        }
        const node = value
            ? composeNode(ctx, value, props, onError)
            : composeEmptyNode(ctx, props.end, start, null, props, onError);
        if (ctx.schema.compat)
            utilFlowIndentCheck.flowIndentCheck(bs.indent, value, onError);
        offset = node.range[2];
        seq.items.push(node);
    }
    seq.range = [bs.offset, offset, commentEnd ?? offset];
    return seq;
}

exports.resolveBlockSeq = resolveBlockSeq;


/***/ }),

/***/ 5407:
/***/ ((__unused_webpack_module, exports) => {



function resolveEnd(end, offset, reqSpace, onError) {
    let comment = '';
    if (end) {
        let hasSpace = false;
        let sep = '';
        for (const token of end) {
            const { source, type } = token;
            switch (type) {
                case 'space':
                    hasSpace = true;
                    break;
                case 'comment': {
                    if (reqSpace && !hasSpace)
                        onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
                    const cb = source.substring(1) || ' ';
                    if (!comment)
                        comment = cb;
                    else
                        comment += sep + cb;
                    sep = '';
                    break;
                }
                case 'newline':
                    if (comment)
                        sep += source;
                    hasSpace = true;
                    break;
                default:
                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${type} at node end`);
            }
            offset += source.length;
        }
    }
    return { comment, offset };
}

exports.resolveEnd = resolveEnd;


/***/ }),

/***/ 3142:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var resolveEnd = __nccwpck_require__(5407);
var resolveProps = __nccwpck_require__(4631);
var utilContainsNewline = __nccwpck_require__(9499);
var utilMapIncludes = __nccwpck_require__(1187);

const blockMsg = 'Block collections are not allowed within flow collections';
const isBlock = (token) => token && (token.type === 'block-map' || token.type === 'block-seq');
function resolveFlowCollection({ composeNode, composeEmptyNode }, ctx, fc, onError, tag) {
    const isMap = fc.start.source === '{';
    const fcName = isMap ? 'flow map' : 'flow sequence';
    const NodeClass = (tag?.nodeClass ?? (isMap ? YAMLMap.YAMLMap : YAMLSeq.YAMLSeq));
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
            indicator: 'explicit-key-ind',
            next: key ?? sep?.[0],
            offset,
            onError,
            parentIndent: fc.indent,
            startOnNewline: false
        });
        if (!props.found) {
            if (!props.anchor && !props.tag && !sep && !value) {
                if (i === 0 && props.comma)
                    onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
                else if (i < fc.items.length - 1)
                    onError(props.start, 'UNEXPECTED_TOKEN', `Unexpected empty item in ${fcName}`);
                if (props.comment) {
                    if (coll.comment)
                        coll.comment += '\n' + props.comment;
                    else
                        coll.comment = props.comment;
                }
                offset = props.end;
                continue;
            }
            if (!isMap && ctx.options.strict && utilContainsNewline.containsNewline(key))
                onError(key, // checked by containsNewline()
                'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
        }
        if (i === 0) {
            if (props.comma)
                onError(props.comma, 'UNEXPECTED_TOKEN', `Unexpected , in ${fcName}`);
        }
        else {
            if (!props.comma)
                onError(props.start, 'MISSING_CHAR', `Missing , between ${fcName} items`);
            if (props.comment) {
                let prevItemComment = '';
                loop: for (const st of start) {
                    switch (st.type) {
                        case 'comma':
                        case 'space':
                            break;
                        case 'comment':
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
                        prev.comment += '\n' + prevItemComment;
                    else
                        prev.comment = prevItemComment;
                    props.comment = props.comment.substring(prevItemComment.length + 1);
                }
            }
        }
        if (!isMap && !sep && !props.found) {
            // item is a value in a seq
            // → key & sep are empty, start does not include ? or :
            const valueNode = value
                ? composeNode(ctx, value, props, onError)
                : composeEmptyNode(ctx, props.end, sep, null, props, onError);
            coll.items.push(valueNode);
            offset = valueNode.range[2];
            if (isBlock(value))
                onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
        }
        else {
            // item is a key+value pair
            // key value
            ctx.atKey = true;
            const keyStart = props.end;
            const keyNode = key
                ? composeNode(ctx, key, props, onError)
                : composeEmptyNode(ctx, keyStart, start, null, props, onError);
            if (isBlock(key))
                onError(keyNode.range, 'BLOCK_IN_FLOW', blockMsg);
            ctx.atKey = false;
            // value properties
            const valueProps = resolveProps.resolveProps(sep ?? [], {
                flow: fcName,
                indicator: 'map-value-ind',
                next: value,
                offset: keyNode.range[2],
                onError,
                parentIndent: fc.indent,
                startOnNewline: false
            });
            if (valueProps.found) {
                if (!isMap && !props.found && ctx.options.strict) {
                    if (sep)
                        for (const st of sep) {
                            if (st === valueProps.found)
                                break;
                            if (st.type === 'newline') {
                                onError(st, 'MULTILINE_IMPLICIT_KEY', 'Implicit keys of flow sequence pairs need to be on a single line');
                                break;
                            }
                        }
                    if (props.start < valueProps.found.offset - 1024)
                        onError(valueProps.found, 'KEY_OVER_1024_CHARS', 'The : indicator must be at most 1024 chars after the start of an implicit flow sequence key');
                }
            }
            else if (value) {
                if ('source' in value && value.source?.[0] === ':')
                    onError(value, 'MISSING_CHAR', `Missing space after : in ${fcName}`);
                else
                    onError(valueProps.start, 'MISSING_CHAR', `Missing , or : between ${fcName} items`);
            }
            // value value
            const valueNode = value
                ? composeNode(ctx, value, valueProps, onError)
                : valueProps.found
                    ? composeEmptyNode(ctx, valueProps.end, sep, null, valueProps, onError)
                    : null;
            if (valueNode) {
                if (isBlock(value))
                    onError(valueNode.range, 'BLOCK_IN_FLOW', blockMsg);
            }
            else if (valueProps.comment) {
                if (keyNode.comment)
                    keyNode.comment += '\n' + valueProps.comment;
                else
                    keyNode.comment = valueProps.comment;
            }
            const pair = new Pair.Pair(keyNode, valueNode);
            if (ctx.options.keepSourceTokens)
                pair.srcToken = collItem;
            if (isMap) {
                const map = coll;
                if (utilMapIncludes.mapIncludes(ctx, map.items, keyNode))
                    onError(keyStart, 'DUPLICATE_KEY', 'Map keys must be unique');
                map.items.push(pair);
            }
            else {
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
    const expectedEnd = isMap ? '}' : ']';
    const [ce, ...ee] = fc.end;
    let cePos = offset;
    if (ce?.source === expectedEnd)
        cePos = ce.offset + ce.source.length;
    else {
        const name = fcName[0].toUpperCase() + fcName.substring(1);
        const msg = atRoot
            ? `${name} must end with a ${expectedEnd}`
            : `${name} in block collection must be sufficiently indented and end with a ${expectedEnd}`;
        onError(offset, atRoot ? 'MISSING_CHAR' : 'BAD_INDENT', msg);
        if (ce && ce.source.length !== 1)
            ee.unshift(ce);
    }
    if (ee.length > 0) {
        const end = resolveEnd.resolveEnd(ee, cePos, ctx.options.strict, onError);
        if (end.comment) {
            if (coll.comment)
                coll.comment += '\n' + end.comment;
            else
                coll.comment = end.comment;
        }
        coll.range = [fc.offset, cePos, end.offset];
    }
    else {
        coll.range = [fc.offset, cePos, cePos];
    }
    return coll;
}

exports.resolveFlowCollection = resolveFlowCollection;


/***/ }),

/***/ 6842:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var resolveEnd = __nccwpck_require__(5407);

function resolveFlowScalar(scalar, strict, onError) {
    const { offset, type, source, end } = scalar;
    let _type;
    let value;
    const _onError = (rel, code, msg) => onError(offset + rel, code, msg);
    switch (type) {
        case 'scalar':
            _type = Scalar.Scalar.PLAIN;
            value = plainValue(source, _onError);
            break;
        case 'single-quoted-scalar':
            _type = Scalar.Scalar.QUOTE_SINGLE;
            value = singleQuotedValue(source, _onError);
            break;
        case 'double-quoted-scalar':
            _type = Scalar.Scalar.QUOTE_DOUBLE;
            value = doubleQuotedValue(source, _onError);
            break;
        /* istanbul ignore next should not happen */
        default:
            onError(scalar, 'UNEXPECTED_TOKEN', `Expected a flow scalar value, but found: ${type}`);
            return {
                value: '',
                type: null,
                comment: '',
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
    let badChar = '';
    switch (source[0]) {
        /* istanbul ignore next should not happen */
        case '\t':
            badChar = 'a tab character';
            break;
        case ',':
            badChar = 'flow indicator character ,';
            break;
        case '%':
            badChar = 'directive indicator character %';
            break;
        case '|':
        case '>': {
            badChar = `block scalar indicator ${source[0]}`;
            break;
        }
        case '@':
        case '`': {
            badChar = `reserved character ${source[0]}`;
            break;
        }
    }
    if (badChar)
        onError(0, 'BAD_SCALAR_START', `Plain value cannot start with ${badChar}`);
    return unfoldLines(source);
}
function singleQuotedValue(source, onError) {
    if (source[source.length - 1] !== "'" || source.length === 1)
        onError(source.length, 'MISSING_CHAR', "Missing closing 'quote");
    return unfoldLines(source.slice(1, -1)).replace(/''/g, "'");
}
function unfoldLines(source) {
    const line = /(.*?)\r?\n/sy;
    let match = line.exec(source);
    if (!match)
        return source;
    /**
     * The negative lookbehinds in these RegExps are to
     * prevent causing a polynomial search time in certain cases.
     *
     * The try-catch is for Safari < 16.4 and other old browsers:
     * https://caniuse.com/js-regexp-lookbehind
     */
    let trimEnd, trimBoth;
    try {
        trimEnd = new RegExp('(?<![ \t])[ \t]+$');
        trimBoth = new RegExp('^[ \t]+|(?<![ \t])[ \t]+$', 'g');
    }
    catch {
        trimEnd = /[ \t]+$/;
        trimBoth = /^[ \t]+|[ \t]+$/g;
    }
    let res = match[1].replace(trimEnd, '');
    let sep = ' ';
    let pos = line.lastIndex;
    while ((match = line.exec(source))) {
        const lm = match[1].replace(trimBoth, '');
        if (lm === '') {
            if (sep === '\n')
                res += sep;
            else
                sep = '\n';
        }
        else {
            res += sep + lm;
            sep = ' ';
        }
        pos = line.lastIndex;
    }
    const last = /[ \t]*(.*)/sy;
    last.lastIndex = pos;
    match = last.exec(source);
    return res + sep + (match?.[1] ?? '');
}
function doubleQuotedValue(source, onError) {
    let res = '';
    for (let i = 1; i < source.length - 1; ++i) {
        const ch = source[i];
        if (ch === '\r' && source[i + 1] === '\n')
            continue;
        if (ch === '\n') {
            const { fold, offset } = foldNewline(source, i);
            res += fold;
            i = offset;
        }
        else if (ch === '\\') {
            let next = source[++i];
            const cc = escapeCodes[next];
            if (cc)
                res += cc;
            else if (next === '\n') {
                // skip escaped newlines, but still trim the following line
                next = source[i + 1];
                while (next === ' ' || next === '\t')
                    next = source[++i + 1];
            }
            else if (next === '\r' && source[i + 1] === '\n') {
                // skip escaped CRLF newlines, but still trim the following line
                next = source[++i + 1];
                while (next === ' ' || next === '\t')
                    next = source[++i + 1];
            }
            else if (next === 'x' || next === 'u' || next === 'U') {
                const length = next === 'x' ? 2 : next === 'u' ? 4 : 8;
                res += parseCharCode(source, i + 1, length, onError);
                i += length;
            }
            else {
                const raw = source.substr(i - 1, 2);
                onError(i - 1, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
                res += raw;
            }
        }
        else if (ch === ' ' || ch === '\t') {
            // trim trailing whitespace
            const wsStart = i;
            let next = source[i + 1];
            while (next === ' ' || next === '\t')
                next = source[++i + 1];
            if (next !== '\n' && !(next === '\r' && source[i + 2] === '\n'))
                res += i > wsStart ? source.slice(wsStart, i + 1) : ch;
        }
        else {
            res += ch;
        }
    }
    if (source[source.length - 1] !== '"' || source.length === 1)
        onError(source.length, 'MISSING_CHAR', 'Missing closing "quote');
    return res;
}
/**
 * Fold a single newline into a space, multiple newlines to N - 1 newlines.
 * Presumes `source[offset] === '\n'`
 */
function foldNewline(source, offset) {
    let fold = '';
    let ch = source[offset + 1];
    while (ch === ' ' || ch === '\t' || ch === '\n' || ch === '\r') {
        if (ch === '\r' && source[offset + 2] !== '\n')
            break;
        if (ch === '\n')
            fold += '\n';
        offset += 1;
        ch = source[offset + 1];
    }
    if (!fold)
        fold = ' ';
    return { fold, offset };
}
const escapeCodes = {
    '0': '\0', // null character
    a: '\x07', // bell character
    b: '\b', // backspace
    e: '\x1b', // escape character
    f: '\f', // form feed
    n: '\n', // line feed
    r: '\r', // carriage return
    t: '\t', // horizontal tab
    v: '\v', // vertical tab
    N: '\u0085', // Unicode next line
    _: '\u00a0', // Unicode non-breaking space
    L: '\u2028', // Unicode line separator
    P: '\u2029', // Unicode paragraph separator
    ' ': ' ',
    '"': '"',
    '/': '/',
    '\\': '\\',
    '\t': '\t'
};
function parseCharCode(source, offset, length, onError) {
    const cc = source.substr(offset, length);
    const ok = cc.length === length && /^[0-9a-fA-F]+$/.test(cc);
    const code = ok ? parseInt(cc, 16) : NaN;
    try {
        return String.fromCodePoint(code);
    }
    catch {
        const raw = source.substr(offset - 2, length + 2);
        onError(offset - 2, 'BAD_DQ_ESCAPE', `Invalid escape sequence ${raw}`);
        return raw;
    }
}

exports.resolveFlowScalar = resolveFlowScalar;


/***/ }),

/***/ 4631:
/***/ ((__unused_webpack_module, exports) => {



function resolveProps(tokens, { flow, indicator, next, offset, onError, parentIndent, startOnNewline }) {
    let spaceBefore = false;
    let atNewline = startOnNewline;
    let hasSpace = startOnNewline;
    let comment = '';
    let commentSep = '';
    let hasNewline = false;
    let reqSpace = false;
    let tab = null;
    let anchor = null;
    let tag = null;
    let newlineAfterProp = null;
    let comma = null;
    let found = null;
    let start = null;
    for (const token of tokens) {
        if (reqSpace) {
            if (token.type !== 'space' &&
                token.type !== 'newline' &&
                token.type !== 'comma')
                onError(token.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
            reqSpace = false;
        }
        if (tab) {
            if (atNewline && token.type !== 'comment' && token.type !== 'newline') {
                onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
            }
            tab = null;
        }
        switch (token.type) {
            case 'space':
                // At the doc level, tabs at line start may be parsed
                // as leading white space rather than indentation.
                // In a flow collection, only the parser handles indent.
                if (!flow &&
                    (indicator !== 'doc-start' || next?.type !== 'flow-collection') &&
                    token.source.includes('\t')) {
                    tab = token;
                }
                hasSpace = true;
                break;
            case 'comment': {
                if (!hasSpace)
                    onError(token, 'MISSING_CHAR', 'Comments must be separated from other tokens by white space characters');
                const cb = token.source.substring(1) || ' ';
                if (!comment)
                    comment = cb;
                else
                    comment += commentSep + cb;
                commentSep = '';
                atNewline = false;
                break;
            }
            case 'newline':
                if (atNewline) {
                    if (comment)
                        comment += token.source;
                    else if (!found || indicator !== 'seq-item-ind')
                        spaceBefore = true;
                }
                else
                    commentSep += token.source;
                atNewline = true;
                hasNewline = true;
                if (anchor || tag)
                    newlineAfterProp = token;
                hasSpace = true;
                break;
            case 'anchor':
                if (anchor)
                    onError(token, 'MULTIPLE_ANCHORS', 'A node can have at most one anchor');
                if (token.source.endsWith(':'))
                    onError(token.offset + token.source.length - 1, 'BAD_ALIAS', 'Anchor ending in : is ambiguous', true);
                anchor = token;
                start ?? (start = token.offset);
                atNewline = false;
                hasSpace = false;
                reqSpace = true;
                break;
            case 'tag': {
                if (tag)
                    onError(token, 'MULTIPLE_TAGS', 'A node can have at most one tag');
                tag = token;
                start ?? (start = token.offset);
                atNewline = false;
                hasSpace = false;
                reqSpace = true;
                break;
            }
            case indicator:
                // Could here handle preceding comments differently
                if (anchor || tag)
                    onError(token, 'BAD_PROP_ORDER', `Anchors and tags must be after the ${token.source} indicator`);
                if (found)
                    onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.source} in ${flow ?? 'collection'}`);
                found = token;
                atNewline =
                    indicator === 'seq-item-ind' || indicator === 'explicit-key-ind';
                hasSpace = false;
                break;
            case 'comma':
                if (flow) {
                    if (comma)
                        onError(token, 'UNEXPECTED_TOKEN', `Unexpected , in ${flow}`);
                    comma = token;
                    atNewline = false;
                    hasSpace = false;
                    break;
                }
            // else fallthrough
            default:
                onError(token, 'UNEXPECTED_TOKEN', `Unexpected ${token.type} token`);
                atNewline = false;
                hasSpace = false;
        }
    }
    const last = tokens[tokens.length - 1];
    const end = last ? last.offset + last.source.length : offset;
    if (reqSpace &&
        next &&
        next.type !== 'space' &&
        next.type !== 'newline' &&
        next.type !== 'comma' &&
        (next.type !== 'scalar' || next.source !== '')) {
        onError(next.offset, 'MISSING_CHAR', 'Tags and anchors must be separated from the next token by white space');
    }
    if (tab &&
        ((atNewline && tab.indent <= parentIndent) ||
            next?.type === 'block-map' ||
            next?.type === 'block-seq'))
        onError(tab, 'TAB_AS_INDENT', 'Tabs are not allowed as indentation');
    return {
        comma,
        found,
        spaceBefore,
        comment,
        hasNewline,
        anchor,
        tag,
        newlineAfterProp,
        end,
        start: start ?? end
    };
}

exports.resolveProps = resolveProps;


/***/ }),

/***/ 9499:
/***/ ((__unused_webpack_module, exports) => {



function containsNewline(key) {
    if (!key)
        return null;
    switch (key.type) {
        case 'alias':
        case 'scalar':
        case 'double-quoted-scalar':
        case 'single-quoted-scalar':
            if (key.source.includes('\n'))
                return true;
            if (key.end)
                for (const st of key.end)
                    if (st.type === 'newline')
                        return true;
            return false;
        case 'flow-collection':
            for (const it of key.items) {
                for (const st of it.start)
                    if (st.type === 'newline')
                        return true;
                if (it.sep)
                    for (const st of it.sep)
                        if (st.type === 'newline')
                            return true;
                if (containsNewline(it.key) || containsNewline(it.value))
                    return true;
            }
            return false;
        default:
            return true;
    }
}

exports.containsNewline = containsNewline;


/***/ }),

/***/ 2599:
/***/ ((__unused_webpack_module, exports) => {



function emptyScalarPosition(offset, before, pos) {
    if (before) {
        pos ?? (pos = before.length);
        for (let i = pos - 1; i >= 0; --i) {
            let st = before[i];
            switch (st.type) {
                case 'space':
                case 'comment':
                case 'newline':
                    offset -= st.source.length;
                    continue;
            }
            // Technically, an empty scalar is immediately after the last non-empty
            // node, but it's more useful to place it after any whitespace.
            st = before[++i];
            while (st?.type === 'space') {
                offset += st.source.length;
                st = before[++i];
            }
            break;
        }
    }
    return offset;
}

exports.emptyScalarPosition = emptyScalarPosition;


/***/ }),

/***/ 4051:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var utilContainsNewline = __nccwpck_require__(9499);

function flowIndentCheck(indent, fc, onError) {
    if (fc?.type === 'flow-collection') {
        const end = fc.end[0];
        if (end.indent === indent &&
            (end.source === ']' || end.source === '}') &&
            utilContainsNewline.containsNewline(fc)) {
            const msg = 'Flow end indicator should be more indented than parent';
            onError(end, 'BAD_INDENT', msg, true);
        }
    }
}

exports.flowIndentCheck = flowIndentCheck;


/***/ }),

/***/ 1187:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);

function mapIncludes(ctx, items, search) {
    const { uniqueKeys } = ctx.options;
    if (uniqueKeys === false)
        return false;
    const isEqual = typeof uniqueKeys === 'function'
        ? uniqueKeys
        : (a, b) => a === b || (identity.isScalar(a) && identity.isScalar(b) && a.value === b.value);
    return items.some(pair => isEqual(pair.key, search));
}

exports.mapIncludes = mapIncludes;


/***/ }),

/***/ 5402:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Alias = __nccwpck_require__(4065);
var Collection = __nccwpck_require__(101);
var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var toJS = __nccwpck_require__(4043);
var Schema = __nccwpck_require__(5840);
var stringifyDocument = __nccwpck_require__(9210);
var anchors = __nccwpck_require__(1596);
var applyReviver = __nccwpck_require__(3661);
var createNode = __nccwpck_require__(2404);
var directives = __nccwpck_require__(1342);

class Document {
    constructor(value, replacer, options) {
        /** A comment before this Document */
        this.commentBefore = null;
        /** A comment immediately after this Document */
        this.comment = null;
        /** Errors encountered during parsing. */
        this.errors = [];
        /** Warnings encountered during parsing. */
        this.warnings = [];
        Object.defineProperty(this, identity.NODE_TYPE, { value: identity.DOC });
        let _replacer = null;
        if (typeof replacer === 'function' || Array.isArray(replacer)) {
            _replacer = replacer;
        }
        else if (options === undefined && replacer) {
            options = replacer;
            replacer = undefined;
        }
        const opt = Object.assign({
            intAsBigInt: false,
            keepSourceTokens: false,
            logLevel: 'warn',
            prettyErrors: true,
            strict: true,
            stringKeys: false,
            uniqueKeys: true,
            version: '1.2'
        }, options);
        this.options = opt;
        let { version } = opt;
        if (options?._directives) {
            this.directives = options._directives.atDocument();
            if (this.directives.yaml.explicit)
                version = this.directives.yaml.version;
        }
        else
            this.directives = new directives.Directives({ version });
        this.setSchema(version, options);
        // @ts-expect-error We can't really know that this matches Contents.
        this.contents =
            value === undefined ? null : this.createNode(value, _replacer, options);
    }
    /**
     * Create a deep copy of this Document and its contents.
     *
     * Custom Node values that inherit from `Object` still refer to their original instances.
     */
    clone() {
        const copy = Object.create(Document.prototype, {
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
        // @ts-expect-error We can't really know that this matches Contents.
        copy.contents = identity.isNode(this.contents)
            ? this.contents.clone(copy.schema)
            : this.contents;
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
    addIn(path, value) {
        if (assertCollection(this.contents))
            this.contents.addIn(path, value);
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
    createAlias(node, name) {
        if (!node.anchor) {
            const prev = anchors.anchorNames(this);
            node.anchor =
                // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
                !name || prev.has(name) ? anchors.findNewAnchor(name || 'a', prev) : name;
        }
        return new Alias.Alias(node.anchor);
    }
    createNode(value, replacer, options) {
        let _replacer = undefined;
        if (typeof replacer === 'function') {
            value = replacer.call({ '': value }, '', value);
            _replacer = replacer;
        }
        else if (Array.isArray(replacer)) {
            const keyToStr = (v) => typeof v === 'number' || v instanceof String || v instanceof Number;
            const asStr = replacer.filter(keyToStr).map(String);
            if (asStr.length > 0)
                replacer = replacer.concat(asStr);
            _replacer = replacer;
        }
        else if (options === undefined && replacer) {
            options = replacer;
            replacer = undefined;
        }
        const { aliasDuplicateObjects, anchorPrefix, flow, keepUndefined, onTagObj, tag } = options ?? {};
        const { onAnchor, setAnchors, sourceObjects } = anchors.createNodeAnchors(this, 
        // eslint-disable-next-line @typescript-eslint/prefer-nullish-coalescing
        anchorPrefix || 'a');
        const ctx = {
            aliasDuplicateObjects: aliasDuplicateObjects ?? true,
            keepUndefined: keepUndefined ?? false,
            onAnchor,
            onTagObj,
            replacer: _replacer,
            schema: this.schema,
            sourceObjects
        };
        const node = createNode.createNode(value, tag, ctx);
        if (flow && identity.isCollection(node))
            node.flow = true;
        setAnchors();
        return node;
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
    deleteIn(path) {
        if (Collection.isEmptyPath(path)) {
            if (this.contents == null)
                return false;
            // @ts-expect-error Presumed impossible if Strict extends false
            this.contents = null;
            return true;
        }
        return assertCollection(this.contents)
            ? this.contents.deleteIn(path)
            : false;
    }
    /**
     * Returns item at `key`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    get(key, keepScalar) {
        return identity.isCollection(this.contents)
            ? this.contents.get(key, keepScalar)
            : undefined;
    }
    /**
     * Returns item at `path`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    getIn(path, keepScalar) {
        if (Collection.isEmptyPath(path))
            return !keepScalar && identity.isScalar(this.contents)
                ? this.contents.value
                : this.contents;
        return identity.isCollection(this.contents)
            ? this.contents.getIn(path, keepScalar)
            : undefined;
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
    hasIn(path) {
        if (Collection.isEmptyPath(path))
            return this.contents !== undefined;
        return identity.isCollection(this.contents) ? this.contents.hasIn(path) : false;
    }
    /**
     * Sets a value in this document. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    set(key, value) {
        if (this.contents == null) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = Collection.collectionFromPath(this.schema, [key], value);
        }
        else if (assertCollection(this.contents)) {
            this.contents.set(key, value);
        }
    }
    /**
     * Sets a value in this document. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    setIn(path, value) {
        if (Collection.isEmptyPath(path)) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = value;
        }
        else if (this.contents == null) {
            // @ts-expect-error We can't really know that this matches Contents.
            this.contents = Collection.collectionFromPath(this.schema, Array.from(path), value);
        }
        else if (assertCollection(this.contents)) {
            this.contents.setIn(path, value);
        }
    }
    /**
     * Change the YAML version and schema used by the document.
     * A `null` version disables support for directives, explicit tags, anchors, and aliases.
     * It also requires the `schema` option to be given as a `Schema` instance value.
     *
     * Overrides all previously set schema options.
     */
    setSchema(version, options = {}) {
        if (typeof version === 'number')
            version = String(version);
        let opt;
        switch (version) {
            case '1.1':
                if (this.directives)
                    this.directives.yaml.version = '1.1';
                else
                    this.directives = new directives.Directives({ version: '1.1' });
                opt = { resolveKnownTags: false, schema: 'yaml-1.1' };
                break;
            case '1.2':
            case 'next':
                if (this.directives)
                    this.directives.yaml.version = version;
                else
                    this.directives = new directives.Directives({ version });
                opt = { resolveKnownTags: true, schema: 'core' };
                break;
            case null:
                if (this.directives)
                    delete this.directives;
                opt = null;
                break;
            default: {
                const sv = JSON.stringify(version);
                throw new Error(`Expected '1.1', '1.2' or null as first argument, but found: ${sv}`);
            }
        }
        // Not using `instanceof Schema` to allow for duck typing
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
            anchors: new Map(),
            doc: this,
            keep: !json,
            mapAsMap: mapAsMap === true,
            mapKeyWarned: false,
            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
        };
        const res = toJS.toJS(this.contents, jsonArg ?? '', ctx);
        if (typeof onAnchor === 'function')
            for (const { count, res } of ctx.anchors.values())
                onAnchor(res, count);
        return typeof reviver === 'function'
            ? applyReviver.applyReviver(reviver, { '': res }, '', res)
            : res;
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
            throw new Error('Document with errors cannot be stringified');
        if ('indent' in options &&
            (!Number.isInteger(options.indent) || Number(options.indent) <= 0)) {
            const s = JSON.stringify(options.indent);
            throw new Error(`"indent" option must be a positive integer, not ${s}`);
        }
        return stringifyDocument.stringifyDocument(this, options);
    }
}
function assertCollection(contents) {
    if (identity.isCollection(contents))
        return true;
    throw new Error('Expected a YAML collection as document contents');
}

exports.Document = Document;


/***/ }),

/***/ 1596:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var visit = __nccwpck_require__(204);

/**
 * Verify that the input string is a valid anchor.
 *
 * Will throw on errors.
 */
function anchorIsValid(anchor) {
    if (/[\x00-\x19\s,[\]{}]/.test(anchor)) {
        const sa = JSON.stringify(anchor);
        const msg = `Anchor must not contain whitespace or control characters: ${sa}`;
        throw new Error(msg);
    }
    return true;
}
function anchorNames(root) {
    const anchors = new Set();
    visit.visit(root, {
        Value(_key, node) {
            if (node.anchor)
                anchors.add(node.anchor);
        }
    });
    return anchors;
}
/** Find a new anchor name with the given `prefix` and a one-indexed suffix. */
function findNewAnchor(prefix, exclude) {
    for (let i = 1; true; ++i) {
        const name = `${prefix}${i}`;
        if (!exclude.has(name))
            return name;
    }
}
function createNodeAnchors(doc, prefix) {
    const aliasObjects = [];
    const sourceObjects = new Map();
    let prevAnchors = null;
    return {
        onAnchor: (source) => {
            aliasObjects.push(source);
            prevAnchors ?? (prevAnchors = anchorNames(doc));
            const anchor = findNewAnchor(prefix, prevAnchors);
            prevAnchors.add(anchor);
            return anchor;
        },
        /**
         * With circular references, the source node is only resolved after all
         * of its child nodes are. This is why anchors are set only after all of
         * the nodes have been created.
         */
        setAnchors: () => {
            for (const source of aliasObjects) {
                const ref = sourceObjects.get(source);
                if (typeof ref === 'object' &&
                    ref.anchor &&
                    (identity.isScalar(ref.node) || identity.isCollection(ref.node))) {
                    ref.node.anchor = ref.anchor;
                }
                else {
                    const error = new Error('Failed to resolve repeated object (this should not happen)');
                    error.source = source;
                    throw error;
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


/***/ }),

/***/ 3661:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Applies the JSON.parse reviver algorithm as defined in the ECMA-262 spec,
 * in section 24.5.1.1 "Runtime Semantics: InternalizeJSONProperty" of the
 * 2021 edition: https://tc39.es/ecma262/#sec-json.parse
 *
 * Includes extensions for handling Map and Set objects.
 */
function applyReviver(reviver, obj, key, val) {
    if (val && typeof val === 'object') {
        if (Array.isArray(val)) {
            for (let i = 0, len = val.length; i < len; ++i) {
                const v0 = val[i];
                const v1 = applyReviver(reviver, val, String(i), v0);
                // eslint-disable-next-line @typescript-eslint/no-array-delete
                if (v1 === undefined)
                    delete val[i];
                else if (v1 !== v0)
                    val[i] = v1;
            }
        }
        else if (val instanceof Map) {
            for (const k of Array.from(val.keys())) {
                const v0 = val.get(k);
                const v1 = applyReviver(reviver, val, k, v0);
                if (v1 === undefined)
                    val.delete(k);
                else if (v1 !== v0)
                    val.set(k, v1);
            }
        }
        else if (val instanceof Set) {
            for (const v0 of Array.from(val)) {
                const v1 = applyReviver(reviver, val, v0, v0);
                if (v1 === undefined)
                    val.delete(v0);
                else if (v1 !== v0) {
                    val.delete(v0);
                    val.add(v1);
                }
            }
        }
        else {
            for (const [k, v0] of Object.entries(val)) {
                const v1 = applyReviver(reviver, val, k, v0);
                if (v1 === undefined)
                    delete val[k];
                else if (v1 !== v0)
                    val[k] = v1;
            }
        }
    }
    return reviver.call(obj, key, val);
}

exports.applyReviver = applyReviver;


/***/ }),

/***/ 2404:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Alias = __nccwpck_require__(4065);
var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);

const defaultTagPrefix = 'tag:yaml.org,2002:';
function findTagObject(value, tagName, tags) {
    if (tagName) {
        const match = tags.filter(t => t.tag === tagName);
        const tagObj = match.find(t => !t.format) ?? match[0];
        if (!tagObj)
            throw new Error(`Tag ${tagName} not found`);
        return tagObj;
    }
    return tags.find(t => t.identify?.(value) && !t.format);
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
    if (value instanceof String ||
        value instanceof Number ||
        value instanceof Boolean ||
        (typeof BigInt !== 'undefined' && value instanceof BigInt) // not supported everywhere
    ) {
        // https://tc39.es/ecma262/#sec-serializejsonproperty
        value = value.valueOf();
    }
    const { aliasDuplicateObjects, onAnchor, onTagObj, schema, sourceObjects } = ctx;
    // Detect duplicate references to the same object & use Alias nodes for all
    // after first. The `ref` wrapper allows for circular references to resolve.
    let ref = undefined;
    if (aliasDuplicateObjects && value && typeof value === 'object') {
        ref = sourceObjects.get(value);
        if (ref) {
            ref.anchor ?? (ref.anchor = onAnchor(value));
            return new Alias.Alias(ref.anchor);
        }
        else {
            ref = { anchor: null, node: null };
            sourceObjects.set(value, ref);
        }
    }
    if (tagName?.startsWith('!!'))
        tagName = defaultTagPrefix + tagName.slice(2);
    let tagObj = findTagObject(value, tagName, schema.tags);
    if (!tagObj) {
        if (value && typeof value.toJSON === 'function') {
            // eslint-disable-next-line @typescript-eslint/no-unsafe-call
            value = value.toJSON();
        }
        if (!value || typeof value !== 'object') {
            const node = new Scalar.Scalar(value);
            if (ref)
                ref.node = node;
            return node;
        }
        tagObj =
            value instanceof Map
                ? schema[identity.MAP]
                : Symbol.iterator in Object(value)
                    ? schema[identity.SEQ]
                    : schema[identity.MAP];
    }
    if (onTagObj) {
        onTagObj(tagObj);
        delete ctx.onTagObj;
    }
    const node = tagObj?.createNode
        ? tagObj.createNode(ctx.schema, value, ctx)
        : typeof tagObj?.nodeClass?.from === 'function'
            ? tagObj.nodeClass.from(ctx.schema, value, ctx)
            : new Scalar.Scalar(value);
    if (tagName)
        node.tag = tagName;
    else if (!tagObj.default)
        node.tag = tagObj.tag;
    if (ref)
        ref.node = node;
    return node;
}

exports.createNode = createNode;


/***/ }),

/***/ 1342:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var visit = __nccwpck_require__(204);

const escapeChars = {
    '!': '%21',
    ',': '%2C',
    '[': '%5B',
    ']': '%5D',
    '{': '%7B',
    '}': '%7D'
};
const escapeTagName = (tn) => tn.replace(/[!,[\]{}]/g, ch => escapeChars[ch]);
class Directives {
    constructor(yaml, tags) {
        /**
         * The directives-end/doc-start marker `---`. If `null`, a marker may still be
         * included in the document's stringified representation.
         */
        this.docStart = null;
        /** The doc-end marker `...`.  */
        this.docEnd = false;
        this.yaml = Object.assign({}, Directives.defaultYaml, yaml);
        this.tags = Object.assign({}, Directives.defaultTags, tags);
    }
    clone() {
        const copy = new Directives(this.yaml, this.tags);
        copy.docStart = this.docStart;
        return copy;
    }
    /**
     * During parsing, get a Directives instance for the current document and
     * update the stream state according to the current version's spec.
     */
    atDocument() {
        const res = new Directives(this.yaml, this.tags);
        switch (this.yaml.version) {
            case '1.1':
                this.atNextDocument = true;
                break;
            case '1.2':
                this.atNextDocument = false;
                this.yaml = {
                    explicit: Directives.defaultYaml.explicit,
                    version: '1.2'
                };
                this.tags = Object.assign({}, Directives.defaultTags);
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
            this.yaml = { explicit: Directives.defaultYaml.explicit, version: '1.1' };
            this.tags = Object.assign({}, Directives.defaultTags);
            this.atNextDocument = false;
        }
        const parts = line.trim().split(/[ \t]+/);
        const name = parts.shift();
        switch (name) {
            case '%TAG': {
                if (parts.length !== 2) {
                    onError(0, '%TAG directive should contain exactly two parts');
                    if (parts.length < 2)
                        return false;
                }
                const [handle, prefix] = parts;
                this.tags[handle] = prefix;
                return true;
            }
            case '%YAML': {
                this.yaml.explicit = true;
                if (parts.length !== 1) {
                    onError(0, '%YAML directive should contain exactly one part');
                    return false;
                }
                const [version] = parts;
                if (version === '1.1' || version === '1.2') {
                    this.yaml.version = version;
                    return true;
                }
                else {
                    const isValid = /^\d+\.\d+$/.test(version);
                    onError(6, `Unsupported YAML version ${version}`, isValid);
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
        if (source === '!')
            return '!'; // non-specific tag
        if (source[0] !== '!') {
            onError(`Not a valid tag: ${source}`);
            return null;
        }
        if (source[1] === '<') {
            const verbatim = source.slice(2, -1);
            if (verbatim === '!' || verbatim === '!!') {
                onError(`Verbatim tags aren't resolved, so ${source} is invalid.`);
                return null;
            }
            if (source[source.length - 1] !== '>')
                onError('Verbatim tags must end with a >');
            return verbatim;
        }
        const [, handle, suffix] = source.match(/^(.*!)([^!]*)$/s);
        if (!suffix)
            onError(`The ${source} tag has no suffix`);
        const prefix = this.tags[handle];
        if (prefix) {
            try {
                return prefix + decodeURIComponent(suffix);
            }
            catch (error) {
                onError(String(error));
                return null;
            }
        }
        if (handle === '!')
            return source; // local tag
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
        return tag[0] === '!' ? tag : `!<${tag}>`;
    }
    toString(doc) {
        const lines = this.yaml.explicit
            ? [`%YAML ${this.yaml.version || '1.2'}`]
            : [];
        const tagEntries = Object.entries(this.tags);
        let tagNames;
        if (doc && tagEntries.length > 0 && identity.isNode(doc.contents)) {
            const tags = {};
            visit.visit(doc.contents, (_key, node) => {
                if (identity.isNode(node) && node.tag)
                    tags[node.tag] = true;
            });
            tagNames = Object.keys(tags);
        }
        else
            tagNames = [];
        for (const [handle, prefix] of tagEntries) {
            if (handle === '!!' && prefix === 'tag:yaml.org,2002:')
                continue;
            if (!doc || tagNames.some(tn => tn.startsWith(prefix)))
                lines.push(`%TAG ${handle} ${prefix}`);
        }
        return lines.join('\n');
    }
}
Directives.defaultYaml = { explicit: false, version: '1.2' };
Directives.defaultTags = { '!!': 'tag:yaml.org,2002:' };

exports.Directives = Directives;


/***/ }),

/***/ 1464:
/***/ ((__unused_webpack_module, exports) => {



class YAMLError extends Error {
    constructor(name, pos, code, message) {
        super();
        this.name = name;
        this.code = code;
        this.message = message;
        this.pos = pos;
    }
}
class YAMLParseError extends YAMLError {
    constructor(pos, code, message) {
        super('YAMLParseError', pos, code, message);
    }
}
class YAMLWarning extends YAMLError {
    constructor(pos, code, message) {
        super('YAMLWarning', pos, code, message);
    }
}
const prettifyError = (src, lc) => (error) => {
    if (error.pos[0] === -1)
        return;
    error.linePos = error.pos.map(pos => lc.linePos(pos));
    const { line, col } = error.linePos[0];
    error.message += ` at line ${line}, column ${col}`;
    let ci = col - 1;
    let lineStr = src
        .substring(lc.lineStarts[line - 1], lc.lineStarts[line])
        .replace(/[\n\r]+$/, '');
    // Trim to max 80 chars, keeping col position near the middle
    if (ci >= 60 && lineStr.length > 80) {
        const trimStart = Math.min(ci - 39, lineStr.length - 79);
        lineStr = '…' + lineStr.substring(trimStart);
        ci -= trimStart - 1;
    }
    if (lineStr.length > 80)
        lineStr = lineStr.substring(0, 79) + '…';
    // Include previous line in context if pointing at line start
    if (line > 1 && /^ *$/.test(lineStr.substring(0, ci))) {
        // Regexp won't match if start is trimmed
        let prev = src.substring(lc.lineStarts[line - 2], lc.lineStarts[line - 1]);
        if (prev.length > 80)
            prev = prev.substring(0, 79) + '…\n';
        lineStr = prev + lineStr;
    }
    if (/[^ ]/.test(lineStr)) {
        let count = 1;
        const end = error.linePos[1];
        if (end?.line === line && end.col > col) {
            count = Math.max(1, Math.min(end.col - col, 80 - ci));
        }
        const pointer = ' '.repeat(ci) + '^'.repeat(count);
        error.message += `:\n\n${lineStr}\n${pointer}\n`;
    }
};

exports.YAMLError = YAMLError;
exports.YAMLParseError = YAMLParseError;
exports.YAMLWarning = YAMLWarning;
exports.prettifyError = prettifyError;


/***/ }),

/***/ 8815:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {

var __webpack_unused_export__;


var composer = __nccwpck_require__(9984);
var Document = __nccwpck_require__(5402);
var Schema = __nccwpck_require__(5840);
var errors = __nccwpck_require__(1464);
var Alias = __nccwpck_require__(4065);
var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var Scalar = __nccwpck_require__(3301);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var cst = __nccwpck_require__(3461);
var lexer = __nccwpck_require__(361);
var lineCounter = __nccwpck_require__(6628);
var parser = __nccwpck_require__(3456);
var publicApi = __nccwpck_require__(4047);
var visit = __nccwpck_require__(204);



__webpack_unused_export__ = composer.Composer;
__webpack_unused_export__ = Document.Document;
__webpack_unused_export__ = Schema.Schema;
__webpack_unused_export__ = errors.YAMLError;
__webpack_unused_export__ = errors.YAMLParseError;
__webpack_unused_export__ = errors.YAMLWarning;
__webpack_unused_export__ = Alias.Alias;
__webpack_unused_export__ = identity.isAlias;
__webpack_unused_export__ = identity.isCollection;
__webpack_unused_export__ = identity.isDocument;
exports.jh = identity.isMap;
__webpack_unused_export__ = identity.isNode;
__webpack_unused_export__ = identity.isPair;
exports.jn = identity.isScalar;
__webpack_unused_export__ = identity.isSeq;
__webpack_unused_export__ = Pair.Pair;
__webpack_unused_export__ = Scalar.Scalar;
__webpack_unused_export__ = YAMLMap.YAMLMap;
__webpack_unused_export__ = YAMLSeq.YAMLSeq;
__webpack_unused_export__ = cst;
__webpack_unused_export__ = lexer.Lexer;
exports.HN = lineCounter.LineCounter;
__webpack_unused_export__ = parser.Parser;
__webpack_unused_export__ = publicApi.parse;
__webpack_unused_export__ = publicApi.parseAllDocuments;
exports.Tp = publicApi.parseDocument;
__webpack_unused_export__ = publicApi.stringify;
__webpack_unused_export__ = visit.visit;
__webpack_unused_export__ = visit.visitAsync;


/***/ }),

/***/ 7249:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_process = __nccwpck_require__(932);

function debug(logLevel, ...messages) {
    if (logLevel === 'debug')
        console.log(...messages);
}
function warn(logLevel, warning) {
    if (logLevel === 'debug' || logLevel === 'warn') {
        if (typeof node_process.emitWarning === 'function')
            node_process.emitWarning(warning);
        else
            console.warn(warning);
    }
}

exports.debug = debug;
exports.warn = warn;


/***/ }),

/***/ 4065:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var anchors = __nccwpck_require__(1596);
var visit = __nccwpck_require__(204);
var identity = __nccwpck_require__(1127);
var Node = __nccwpck_require__(6673);
var toJS = __nccwpck_require__(4043);

class Alias extends Node.NodeBase {
    constructor(source) {
        super(identity.ALIAS);
        this.source = source;
        Object.defineProperty(this, 'tag', {
            set() {
                throw new Error('Alias nodes cannot have tags');
            }
        });
    }
    /**
     * Resolve the value of this alias within `doc`, finding the last
     * instance of the `source` anchor before this node.
     */
    resolve(doc, ctx) {
        if (ctx?.maxAliasCount === 0)
            throw new ReferenceError('Alias resolution is disabled');
        let nodes;
        if (ctx?.aliasResolveCache) {
            nodes = ctx.aliasResolveCache;
        }
        else {
            nodes = [];
            visit.visit(doc, {
                Node: (_key, node) => {
                    if (identity.isAlias(node) || identity.hasAnchor(node))
                        nodes.push(node);
                }
            });
            if (ctx)
                ctx.aliasResolveCache = nodes;
        }
        let found = undefined;
        for (const node of nodes) {
            if (node === this)
                break;
            if (node.anchor === this.source)
                found = node;
        }
        if (found && ctx) {
            const { anchors, doc, maxAliasCount } = ctx;
            let data = anchors.get(found);
            if (!data) {
                // Resolve anchors for Node.prototype.toJS()
                toJS.toJS(found, null, ctx);
                data = anchors.get(found);
            }
            /* istanbul ignore if */
            if (data?.res === undefined) {
                const msg = 'This should not happen: Alias anchor was not resolved?';
                throw new ReferenceError(msg);
            }
            if (maxAliasCount >= 0) {
                data.count += 1;
                if (data.aliasCount === 0)
                    data.aliasCount = getAliasCount(doc, found, anchors);
                if (data.count * data.aliasCount > maxAliasCount) {
                    const msg = 'Excessive alias count indicates a resource exhaustion attack';
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
}
function getAliasCount(doc, node, anchors) {
    if (identity.isAlias(node)) {
        const source = node.resolve(doc);
        const anchor = anchors && source && anchors.get(source);
        return anchor ? anchor.count * anchor.aliasCount : 0;
    }
    else if (identity.isCollection(node)) {
        let count = 0;
        for (const item of node.items) {
            const c = getAliasCount(doc, item, anchors);
            if (c > count)
                count = c;
        }
        return count;
    }
    else if (identity.isPair(node)) {
        const kc = getAliasCount(doc, node.key, anchors);
        const vc = getAliasCount(doc, node.value, anchors);
        return Math.max(kc, vc);
    }
    return 1;
}

exports.Alias = Alias;


/***/ }),

/***/ 101:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var createNode = __nccwpck_require__(2404);
var identity = __nccwpck_require__(1127);
var Node = __nccwpck_require__(6673);

function collectionFromPath(schema, path, value) {
    let v = value;
    for (let i = path.length - 1; i >= 0; --i) {
        const k = path[i];
        if (typeof k === 'number' && Number.isInteger(k) && k >= 0) {
            const a = [];
            a[k] = v;
            v = a;
        }
        else {
            v = new Map([[k, v]]);
        }
    }
    return createNode.createNode(v, undefined, {
        aliasDuplicateObjects: false,
        keepUndefined: false,
        onAnchor: () => {
            throw new Error('This should not happen, please report a bug.');
        },
        schema,
        sourceObjects: new Map()
    });
}
// Type guard is intentionally a little wrong so as to be more useful,
// as it does not cover untypable empty non-string iterables (e.g. []).
const isEmptyPath = (path) => path == null ||
    (typeof path === 'object' && !!path[Symbol.iterator]().next().done);
class Collection extends Node.NodeBase {
    constructor(type, schema) {
        super(type);
        Object.defineProperty(this, 'schema', {
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
        copy.items = copy.items.map(it => identity.isNode(it) || identity.isPair(it) ? it.clone(schema) : it);
        if (this.range)
            copy.range = this.range.slice();
        return copy;
    }
    /**
     * Adds a value to the collection. For `!!map` and `!!omap` the value must
     * be a Pair instance or a `{ key, value }` object, which may not have a key
     * that already exists in the map.
     */
    addIn(path, value) {
        if (isEmptyPath(path))
            this.add(value);
        else {
            const [key, ...rest] = path;
            const node = this.get(key, true);
            if (identity.isCollection(node))
                node.addIn(rest, value);
            else if (node === undefined && this.schema)
                this.set(key, collectionFromPath(this.schema, rest, value));
            else
                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
    }
    /**
     * Removes a value from the collection.
     * @returns `true` if the item was found and removed.
     */
    deleteIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
            return this.delete(key);
        const node = this.get(key, true);
        if (identity.isCollection(node))
            return node.deleteIn(rest);
        else
            throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
    }
    /**
     * Returns item at `key`, or `undefined` if not found. By default unwraps
     * scalar values from their surrounding node; to disable set `keepScalar` to
     * `true` (collections are always returned intact).
     */
    getIn(path, keepScalar) {
        const [key, ...rest] = path;
        const node = this.get(key, true);
        if (rest.length === 0)
            return !keepScalar && identity.isScalar(node) ? node.value : node;
        else
            return identity.isCollection(node) ? node.getIn(rest, keepScalar) : undefined;
    }
    hasAllNullValues(allowScalar) {
        return this.items.every(node => {
            if (!identity.isPair(node))
                return false;
            const n = node.value;
            return (n == null ||
                (allowScalar &&
                    identity.isScalar(n) &&
                    n.value == null &&
                    !n.commentBefore &&
                    !n.comment &&
                    !n.tag));
        });
    }
    /**
     * Checks if the collection includes a value with the key `key`.
     */
    hasIn(path) {
        const [key, ...rest] = path;
        if (rest.length === 0)
            return this.has(key);
        const node = this.get(key, true);
        return identity.isCollection(node) ? node.hasIn(rest) : false;
    }
    /**
     * Sets a value in this collection. For `!!set`, `value` needs to be a
     * boolean to add/remove the item from the set.
     */
    setIn(path, value) {
        const [key, ...rest] = path;
        if (rest.length === 0) {
            this.set(key, value);
        }
        else {
            const node = this.get(key, true);
            if (identity.isCollection(node))
                node.setIn(rest, value);
            else if (node === undefined && this.schema)
                this.set(key, collectionFromPath(this.schema, rest, value));
            else
                throw new Error(`Expected YAML collection at ${key}. Remaining path: ${rest}`);
        }
    }
}

exports.Collection = Collection;
exports.collectionFromPath = collectionFromPath;
exports.isEmptyPath = isEmptyPath;


/***/ }),

/***/ 6673:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var applyReviver = __nccwpck_require__(3661);
var identity = __nccwpck_require__(1127);
var toJS = __nccwpck_require__(4043);

class NodeBase {
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
            throw new TypeError('A document argument is required');
        const ctx = {
            anchors: new Map(),
            doc,
            keep: true,
            mapAsMap: mapAsMap === true,
            mapKeyWarned: false,
            maxAliasCount: typeof maxAliasCount === 'number' ? maxAliasCount : 100
        };
        const res = toJS.toJS(this, '', ctx);
        if (typeof onAnchor === 'function')
            for (const { count, res } of ctx.anchors.values())
                onAnchor(res, count);
        return typeof reviver === 'function'
            ? applyReviver.applyReviver(reviver, { '': res }, '', res)
            : res;
    }
}

exports.NodeBase = NodeBase;


/***/ }),

/***/ 7165:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var createNode = __nccwpck_require__(2404);
var stringifyPair = __nccwpck_require__(9748);
var addPairToJSMap = __nccwpck_require__(7104);
var identity = __nccwpck_require__(1127);

function createPair(key, value, ctx) {
    const k = createNode.createNode(key, undefined, ctx);
    const v = createNode.createNode(value, undefined, ctx);
    return new Pair(k, v);
}
class Pair {
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
        return new Pair(key, value);
    }
    toJSON(_, ctx) {
        const pair = ctx?.mapAsMap ? new Map() : {};
        return addPairToJSMap.addPairToJSMap(ctx, pair, this);
    }
    toString(ctx, onComment, onChompKeep) {
        return ctx?.doc
            ? stringifyPair.stringifyPair(this, ctx, onComment, onChompKeep)
            : JSON.stringify(this);
    }
}

exports.Pair = Pair;
exports.createPair = createPair;


/***/ }),

/***/ 3301:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Node = __nccwpck_require__(6673);
var toJS = __nccwpck_require__(4043);

const isScalarValue = (value) => !value || (typeof value !== 'function' && typeof value !== 'object');
class Scalar extends Node.NodeBase {
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
}
Scalar.BLOCK_FOLDED = 'BLOCK_FOLDED';
Scalar.BLOCK_LITERAL = 'BLOCK_LITERAL';
Scalar.PLAIN = 'PLAIN';
Scalar.QUOTE_DOUBLE = 'QUOTE_DOUBLE';
Scalar.QUOTE_SINGLE = 'QUOTE_SINGLE';

exports.Scalar = Scalar;
exports.isScalarValue = isScalarValue;


/***/ }),

/***/ 4454:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyCollection = __nccwpck_require__(1212);
var addPairToJSMap = __nccwpck_require__(7104);
var Collection = __nccwpck_require__(101);
var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var Scalar = __nccwpck_require__(3301);

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
    return undefined;
}
class YAMLMap extends Collection.Collection {
    static get tagName() {
        return 'tag:yaml.org,2002:map';
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
            if (typeof replacer === 'function')
                value = replacer.call(obj, key, value);
            else if (Array.isArray(replacer) && !replacer.includes(key))
                return;
            if (value !== undefined || keepUndefined)
                map.items.push(Pair.createPair(key, value, ctx));
        };
        if (obj instanceof Map) {
            for (const [key, value] of obj)
                add(key, value);
        }
        else if (obj && typeof obj === 'object') {
            for (const key of Object.keys(obj))
                add(key, obj[key]);
        }
        if (typeof schema.sortMapEntries === 'function') {
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
        else if (!pair || typeof pair !== 'object' || !('key' in pair)) {
            // In TypeScript, this never happens.
            _pair = new Pair.Pair(pair, pair?.value);
        }
        else
            _pair = new Pair.Pair(pair.key, pair.value);
        const prev = findPair(this.items, _pair.key);
        const sortEntries = this.schema?.sortMapEntries;
        if (prev) {
            if (!overwrite)
                throw new Error(`Key ${_pair.key} already set`);
            // For scalars, keep the old node & its comments and anchors
            if (identity.isScalar(prev.value) && Scalar.isScalarValue(_pair.value))
                prev.value.value = _pair.value;
            else
                prev.value = _pair.value;
        }
        else if (sortEntries) {
            const i = this.items.findIndex(item => sortEntries(_pair, item) < 0);
            if (i === -1)
                this.items.push(_pair);
            else
                this.items.splice(i, 0, _pair);
        }
        else {
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
        const node = it?.value;
        return (!keepScalar && identity.isScalar(node) ? node.value : node) ?? undefined;
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
        const map = Type ? new Type() : ctx?.mapAsMap ? new Map() : {};
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
            blockItemPrefix: '',
            flowChars: { start: '{', end: '}' },
            itemIndent: ctx.indent || '',
            onChompKeep,
            onComment
        });
    }
}

exports.YAMLMap = YAMLMap;
exports.findPair = findPair;


/***/ }),

/***/ 2223:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var createNode = __nccwpck_require__(2404);
var stringifyCollection = __nccwpck_require__(1212);
var Collection = __nccwpck_require__(101);
var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var toJS = __nccwpck_require__(4043);

class YAMLSeq extends Collection.Collection {
    static get tagName() {
        return 'tag:yaml.org,2002:seq';
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
        if (typeof idx !== 'number')
            return false;
        const del = this.items.splice(idx, 1);
        return del.length > 0;
    }
    get(key, keepScalar) {
        const idx = asItemIndex(key);
        if (typeof idx !== 'number')
            return undefined;
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
        return typeof idx === 'number' && idx < this.items.length;
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
        if (typeof idx !== 'number')
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
            blockItemPrefix: '- ',
            flowChars: { start: '[', end: ']' },
            itemIndent: (ctx.indent || '') + '  ',
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
                if (typeof replacer === 'function') {
                    const key = obj instanceof Set ? it : String(i++);
                    it = replacer.call(obj, key, it);
                }
                seq.items.push(createNode.createNode(it, undefined, ctx));
            }
        }
        return seq;
    }
}
function asItemIndex(key) {
    let idx = identity.isScalar(key) ? key.value : key;
    if (idx && typeof idx === 'string')
        idx = Number(idx);
    return typeof idx === 'number' && Number.isInteger(idx) && idx >= 0
        ? idx
        : null;
}

exports.YAMLSeq = YAMLSeq;


/***/ }),

/***/ 7104:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var log = __nccwpck_require__(7249);
var merge = __nccwpck_require__(452);
var stringify = __nccwpck_require__(2148);
var identity = __nccwpck_require__(1127);
var toJS = __nccwpck_require__(4043);

function addPairToJSMap(ctx, map, { key, value }) {
    if (identity.isNode(key) && key.addToJSMap)
        key.addToJSMap(ctx, map, value);
    // TODO: Should drop this special case for bare << handling
    else if (merge.isMergeKey(ctx, key))
        merge.addMergeToJSMap(ctx, map, value);
    else {
        const jsKey = toJS.toJS(key, '', ctx);
        if (map instanceof Map) {
            map.set(jsKey, toJS.toJS(value, jsKey, ctx));
        }
        else if (map instanceof Set) {
            map.add(jsKey);
        }
        else {
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
        return '';
    // eslint-disable-next-line @typescript-eslint/no-base-to-string
    if (typeof jsKey !== 'object')
        return String(jsKey);
    if (identity.isNode(key) && ctx?.doc) {
        const strCtx = stringify.createStringifyContext(ctx.doc, {});
        strCtx.anchors = new Set();
        for (const node of ctx.anchors.keys())
            strCtx.anchors.add(node.anchor);
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


/***/ }),

/***/ 1127:
/***/ ((__unused_webpack_module, exports) => {



const ALIAS = Symbol.for('yaml.alias');
const DOC = Symbol.for('yaml.document');
const MAP = Symbol.for('yaml.map');
const PAIR = Symbol.for('yaml.pair');
const SCALAR = Symbol.for('yaml.scalar');
const SEQ = Symbol.for('yaml.seq');
const NODE_TYPE = Symbol.for('yaml.node.type');
const isAlias = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === ALIAS;
const isDocument = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === DOC;
const isMap = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === MAP;
const isPair = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === PAIR;
const isScalar = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SCALAR;
const isSeq = (node) => !!node && typeof node === 'object' && node[NODE_TYPE] === SEQ;
function isCollection(node) {
    if (node && typeof node === 'object')
        switch (node[NODE_TYPE]) {
            case MAP:
            case SEQ:
                return true;
        }
    return false;
}
function isNode(node) {
    if (node && typeof node === 'object')
        switch (node[NODE_TYPE]) {
            case ALIAS:
            case MAP:
            case SCALAR:
            case SEQ:
                return true;
        }
    return false;
}
const hasAnchor = (node) => (isScalar(node) || isCollection(node)) && !!node.anchor;

exports.ALIAS = ALIAS;
exports.DOC = DOC;
exports.MAP = MAP;
exports.NODE_TYPE = NODE_TYPE;
exports.PAIR = PAIR;
exports.SCALAR = SCALAR;
exports.SEQ = SEQ;
exports.hasAnchor = hasAnchor;
exports.isAlias = isAlias;
exports.isCollection = isCollection;
exports.isDocument = isDocument;
exports.isMap = isMap;
exports.isNode = isNode;
exports.isPair = isPair;
exports.isScalar = isScalar;
exports.isSeq = isSeq;


/***/ }),

/***/ 4043:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);

/**
 * Recursively convert any node or its contents to native JavaScript
 *
 * @param value - The input value
 * @param arg - If `value` defines a `toJSON()` method, use this
 *   as its first argument
 * @param ctx - Conversion context, originally set in Document#toJS(). If
 *   `{ keep: true }` is not set, output should be suitable for JSON
 *   stringification.
 */
function toJS(value, arg, ctx) {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-return
    if (Array.isArray(value))
        return value.map((v, i) => toJS(v, String(i), ctx));
    if (value && typeof value.toJSON === 'function') {
        // eslint-disable-next-line @typescript-eslint/no-unsafe-call
        if (!ctx || !identity.hasAnchor(value))
            return value.toJSON(arg, ctx);
        const data = { aliasCount: 0, count: 1, res: undefined };
        ctx.anchors.set(value, data);
        ctx.onCreate = res => {
            data.res = res;
            delete ctx.onCreate;
        };
        const res = value.toJSON(arg, ctx);
        if (ctx.onCreate)
            ctx.onCreate(res);
        return res;
    }
    if (typeof value === 'bigint' && !ctx?.keep)
        return Number(value);
    return value;
}

exports.toJS = toJS;


/***/ }),

/***/ 110:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var resolveBlockScalar = __nccwpck_require__(8913);
var resolveFlowScalar = __nccwpck_require__(6842);
var errors = __nccwpck_require__(1464);
var stringifyString = __nccwpck_require__(3069);

function resolveAsScalar(token, strict = true, onError) {
    if (token) {
        const _onError = (pos, code, message) => {
            const offset = typeof pos === 'number' ? pos : Array.isArray(pos) ? pos[0] : pos.offset;
            if (onError)
                onError(offset, code, message);
            else
                throw new errors.YAMLParseError([offset, offset + 1], code, message);
        };
        switch (token.type) {
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return resolveFlowScalar.resolveFlowScalar(token, strict, _onError);
            case 'block-scalar':
                return resolveBlockScalar.resolveBlockScalar({ options: { strict } }, token, _onError);
        }
    }
    return null;
}
/**
 * Create a new scalar token with `value`
 *
 * Values that represent an actual string but may be parsed as a different type should use a `type` other than `'PLAIN'`,
 * as this function does not support any schema operations and won't check for such conflicts.
 *
 * @param value The string representation of the value, which will have its content properly indented.
 * @param context.end Comments and whitespace after the end of the value, or after the block scalar header. If undefined, a newline will be added.
 * @param context.implicitKey Being within an implicit key may affect the resolved type of the token's value.
 * @param context.indent The indent level of the token.
 * @param context.inFlow Is this scalar within a flow collection? This may affect the resolved type of the token's value.
 * @param context.offset The offset position of the token.
 * @param context.type The preferred type of the scalar token. If undefined, the previous type of the `token` will be used, defaulting to `'PLAIN'`.
 */
function createScalarToken(value, context) {
    const { implicitKey = false, indent, inFlow = false, offset = -1, type = 'PLAIN' } = context;
    const source = stringifyString.stringifyString({ type, value }, {
        implicitKey,
        indent: indent > 0 ? ' '.repeat(indent) : '',
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
    });
    const end = context.end ?? [
        { type: 'newline', offset: -1, indent, source: '\n' }
    ];
    switch (source[0]) {
        case '|':
        case '>': {
            const he = source.indexOf('\n');
            const head = source.substring(0, he);
            const body = source.substring(he + 1) + '\n';
            const props = [
                { type: 'block-scalar-header', offset, indent, source: head }
            ];
            if (!addEndtoBlockProps(props, end))
                props.push({ type: 'newline', offset: -1, indent, source: '\n' });
            return { type: 'block-scalar', offset, indent, props, source: body };
        }
        case '"':
            return { type: 'double-quoted-scalar', offset, indent, source, end };
        case "'":
            return { type: 'single-quoted-scalar', offset, indent, source, end };
        default:
            return { type: 'scalar', offset, indent, source, end };
    }
}
/**
 * Set the value of `token` to the given string `value`, overwriting any previous contents and type that it may have.
 *
 * Best efforts are made to retain any comments previously associated with the `token`,
 * though all contents within a collection's `items` will be overwritten.
 *
 * Values that represent an actual string but may be parsed as a different type should use a `type` other than `'PLAIN'`,
 * as this function does not support any schema operations and won't check for such conflicts.
 *
 * @param token Any token. If it does not include an `indent` value, the value will be stringified as if it were an implicit key.
 * @param value The string representation of the value, which will have its content properly indented.
 * @param context.afterKey In most cases, values after a key should have an additional level of indentation.
 * @param context.implicitKey Being within an implicit key may affect the resolved type of the token's value.
 * @param context.inFlow Being within a flow collection may affect the resolved type of the token's value.
 * @param context.type The preferred type of the scalar token. If undefined, the previous type of the `token` will be used, defaulting to `'PLAIN'`.
 */
function setScalarValue(token, value, context = {}) {
    let { afterKey = false, implicitKey = false, inFlow = false, type } = context;
    let indent = 'indent' in token ? token.indent : null;
    if (afterKey && typeof indent === 'number')
        indent += 2;
    if (!type)
        switch (token.type) {
            case 'single-quoted-scalar':
                type = 'QUOTE_SINGLE';
                break;
            case 'double-quoted-scalar':
                type = 'QUOTE_DOUBLE';
                break;
            case 'block-scalar': {
                const header = token.props[0];
                if (header.type !== 'block-scalar-header')
                    throw new Error('Invalid block scalar header');
                type = header.source[0] === '>' ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL';
                break;
            }
            default:
                type = 'PLAIN';
        }
    const source = stringifyString.stringifyString({ type, value }, {
        implicitKey: implicitKey || indent === null,
        indent: indent !== null && indent > 0 ? ' '.repeat(indent) : '',
        inFlow,
        options: { blockQuote: true, lineWidth: -1 }
    });
    switch (source[0]) {
        case '|':
        case '>':
            setBlockScalarValue(token, source);
            break;
        case '"':
            setFlowScalarValue(token, source, 'double-quoted-scalar');
            break;
        case "'":
            setFlowScalarValue(token, source, 'single-quoted-scalar');
            break;
        default:
            setFlowScalarValue(token, source, 'scalar');
    }
}
function setBlockScalarValue(token, source) {
    const he = source.indexOf('\n');
    const head = source.substring(0, he);
    const body = source.substring(he + 1) + '\n';
    if (token.type === 'block-scalar') {
        const header = token.props[0];
        if (header.type !== 'block-scalar-header')
            throw new Error('Invalid block scalar header');
        header.source = head;
        token.source = body;
    }
    else {
        const { offset } = token;
        const indent = 'indent' in token ? token.indent : -1;
        const props = [
            { type: 'block-scalar-header', offset, indent, source: head }
        ];
        if (!addEndtoBlockProps(props, 'end' in token ? token.end : undefined))
            props.push({ type: 'newline', offset: -1, indent, source: '\n' });
        for (const key of Object.keys(token))
            if (key !== 'type' && key !== 'offset')
                delete token[key];
        Object.assign(token, { type: 'block-scalar', indent, props, source: body });
    }
}
/** @returns `true` if last token is a newline */
function addEndtoBlockProps(props, end) {
    if (end)
        for (const st of end)
            switch (st.type) {
                case 'space':
                case 'comment':
                    props.push(st);
                    break;
                case 'newline':
                    props.push(st);
                    return true;
            }
    return false;
}
function setFlowScalarValue(token, source, type) {
    switch (token.type) {
        case 'scalar':
        case 'double-quoted-scalar':
        case 'single-quoted-scalar':
            token.type = type;
            token.source = source;
            break;
        case 'block-scalar': {
            const end = token.props.slice(1);
            let oa = source.length;
            if (token.props[0].type === 'block-scalar-header')
                oa -= token.props[0].source.length;
            for (const tok of end)
                tok.offset += oa;
            delete token.props;
            Object.assign(token, { type, source, end });
            break;
        }
        case 'block-map':
        case 'block-seq': {
            const offset = token.offset + source.length;
            const nl = { type: 'newline', offset, indent: token.indent, source: '\n' };
            delete token.items;
            Object.assign(token, { type, source, end: [nl] });
            break;
        }
        default: {
            const indent = 'indent' in token ? token.indent : -1;
            const end = 'end' in token && Array.isArray(token.end)
                ? token.end.filter(st => st.type === 'space' ||
                    st.type === 'comment' ||
                    st.type === 'newline')
                : [];
            for (const key of Object.keys(token))
                if (key !== 'type' && key !== 'offset')
                    delete token[key];
            Object.assign(token, { type, indent, source, end });
        }
    }
}

exports.createScalarToken = createScalarToken;
exports.resolveAsScalar = resolveAsScalar;
exports.setScalarValue = setScalarValue;


/***/ }),

/***/ 1733:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Stringify a CST document, token, or collection item
 *
 * Fair warning: This applies no validation whatsoever, and
 * simply concatenates the sources in their logical order.
 */
const stringify = (cst) => 'type' in cst ? stringifyToken(cst) : stringifyItem(cst);
function stringifyToken(token) {
    switch (token.type) {
        case 'block-scalar': {
            let res = '';
            for (const tok of token.props)
                res += stringifyToken(tok);
            return res + token.source;
        }
        case 'block-map':
        case 'block-seq': {
            let res = '';
            for (const item of token.items)
                res += stringifyItem(item);
            return res;
        }
        case 'flow-collection': {
            let res = token.start.source;
            for (const item of token.items)
                res += stringifyItem(item);
            for (const st of token.end)
                res += st.source;
            return res;
        }
        case 'document': {
            let res = stringifyItem(token);
            if (token.end)
                for (const st of token.end)
                    res += st.source;
            return res;
        }
        default: {
            let res = token.source;
            if ('end' in token && token.end)
                for (const st of token.end)
                    res += st.source;
            return res;
        }
    }
}
function stringifyItem({ start, key, sep, value }) {
    let res = '';
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


/***/ }),

/***/ 7715:
/***/ ((__unused_webpack_module, exports) => {



const BREAK = Symbol('break visit');
const SKIP = Symbol('skip children');
const REMOVE = Symbol('remove item');
/**
 * Apply a visitor to a CST document or item.
 *
 * Walks through the tree (depth-first) starting from the root, calling a
 * `visitor` function with two arguments when entering each item:
 *   - `item`: The current item, which included the following members:
 *     - `start: SourceToken[]` – Source tokens before the key or value,
 *       possibly including its anchor or tag.
 *     - `key?: Token | null` – Set for pair values. May then be `null`, if
 *       the key before the `:` separator is empty.
 *     - `sep?: SourceToken[]` – Source tokens between the key and the value,
 *       which should include the `:` map value indicator if `value` is set.
 *     - `value?: Token` – The value of a sequence item, or of a map pair.
 *   - `path`: The steps from the root to the current node, as an array of
 *     `['key' | 'value', number]` tuples.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this token, continue with
 *      next sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current item, then continue with the next one
 *   - `number`: Set the index of the next step. This is useful especially if
 *     the index of the current token has changed.
 *   - `function`: Define the next visitor for this item. After the original
 *     visitor is called on item entry, next visitors are called after handling
 *     a non-empty `key` and when exiting the item.
 */
function visit(cst, visitor) {
    if ('type' in cst && cst.type === 'document')
        cst = { start: cst.start, value: cst.value };
    _visit(Object.freeze([]), cst, visitor);
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visit.BREAK = BREAK;
/** Do not visit the children of the current item */
visit.SKIP = SKIP;
/** Remove the current item */
visit.REMOVE = REMOVE;
/** Find the item at `path` from `cst` as the root */
visit.itemAtPath = (cst, path) => {
    let item = cst;
    for (const [field, index] of path) {
        const tok = item?.[field];
        if (tok && 'items' in tok) {
            item = tok.items[index];
        }
        else
            return undefined;
    }
    return item;
};
/**
 * Get the immediate parent collection of the item at `path` from `cst` as the root.
 *
 * Throws an error if the collection is not found, which should never happen if the item itself exists.
 */
visit.parentCollection = (cst, path) => {
    const parent = visit.itemAtPath(cst, path.slice(0, -1));
    const field = path[path.length - 1][0];
    const coll = parent?.[field];
    if (coll && 'items' in coll)
        return coll;
    throw new Error('Parent collection not found');
};
function _visit(path, item, visitor) {
    let ctrl = visitor(item, path);
    if (typeof ctrl === 'symbol')
        return ctrl;
    for (const field of ['key', 'value']) {
        const token = item[field];
        if (token && 'items' in token) {
            for (let i = 0; i < token.items.length; ++i) {
                const ci = _visit(Object.freeze(path.concat([[field, i]])), token.items[i], visitor);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    token.items.splice(i, 1);
                    i -= 1;
                }
            }
            if (typeof ctrl === 'function' && field === 'key')
                ctrl = ctrl(item, path);
        }
    }
    return typeof ctrl === 'function' ? ctrl(item, path) : ctrl;
}

exports.visit = visit;


/***/ }),

/***/ 3461:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var cstScalar = __nccwpck_require__(110);
var cstStringify = __nccwpck_require__(1733);
var cstVisit = __nccwpck_require__(7715);

/** The byte order mark */
const BOM = '\u{FEFF}';
/** Start of doc-mode */
const DOCUMENT = '\x02'; // C0: Start of Text
/** Unexpected end of flow-mode */
const FLOW_END = '\x18'; // C0: Cancel
/** Next token is a scalar value */
const SCALAR = '\x1f'; // C0: Unit Separator
/** @returns `true` if `token` is a flow or block collection */
const isCollection = (token) => !!token && 'items' in token;
/** @returns `true` if `token` is a flow or block scalar; not an alias */
const isScalar = (token) => !!token &&
    (token.type === 'scalar' ||
        token.type === 'single-quoted-scalar' ||
        token.type === 'double-quoted-scalar' ||
        token.type === 'block-scalar');
/* istanbul ignore next */
/** Get a printable representation of a lexer token */
function prettyToken(token) {
    switch (token) {
        case BOM:
            return '<BOM>';
        case DOCUMENT:
            return '<DOC>';
        case FLOW_END:
            return '<FLOW_END>';
        case SCALAR:
            return '<SCALAR>';
        default:
            return JSON.stringify(token);
    }
}
/** Identify the type of a lexer token. May return `null` for unknown tokens. */
function tokenType(source) {
    switch (source) {
        case BOM:
            return 'byte-order-mark';
        case DOCUMENT:
            return 'doc-mode';
        case FLOW_END:
            return 'flow-error-end';
        case SCALAR:
            return 'scalar';
        case '---':
            return 'doc-start';
        case '...':
            return 'doc-end';
        case '':
        case '\n':
        case '\r\n':
            return 'newline';
        case '-':
            return 'seq-item-ind';
        case '?':
            return 'explicit-key-ind';
        case ':':
            return 'map-value-ind';
        case '{':
            return 'flow-map-start';
        case '}':
            return 'flow-map-end';
        case '[':
            return 'flow-seq-start';
        case ']':
            return 'flow-seq-end';
        case ',':
            return 'comma';
    }
    switch (source[0]) {
        case ' ':
        case '\t':
            return 'space';
        case '#':
            return 'comment';
        case '%':
            return 'directive-line';
        case '*':
            return 'alias';
        case '&':
            return 'anchor';
        case '!':
            return 'tag';
        case "'":
            return 'single-quoted-scalar';
        case '"':
            return 'double-quoted-scalar';
        case '|':
        case '>':
            return 'block-scalar-header';
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
exports.SCALAR = SCALAR;
exports.isCollection = isCollection;
exports.isScalar = isScalar;
exports.prettyToken = prettyToken;
exports.tokenType = tokenType;


/***/ }),

/***/ 361:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var cst = __nccwpck_require__(3461);

/*
START -> stream

stream
  directive -> line-end -> stream
  indent + line-end -> stream
  [else] -> line-start

line-end
  comment -> line-end
  newline -> .
  input-end -> END

line-start
  doc-start -> doc
  doc-end -> stream
  [else] -> indent -> block-start

block-start
  seq-item-start -> block-start
  explicit-key-start -> block-start
  map-value-start -> block-start
  [else] -> doc

doc
  line-end -> line-start
  spaces -> doc
  anchor -> doc
  tag -> doc
  flow-start -> flow -> doc
  flow-end -> error -> doc
  seq-item-start -> error -> doc
  explicit-key-start -> error -> doc
  map-value-start -> doc
  alias -> doc
  quote-start -> quoted-scalar -> doc
  block-scalar-header -> line-end -> block-scalar(min) -> line-start
  [else] -> plain-scalar(false, min) -> doc

flow
  line-end -> flow
  spaces -> flow
  anchor -> flow
  tag -> flow
  flow-start -> flow -> flow
  flow-end -> .
  seq-item-start -> error -> flow
  explicit-key-start -> flow
  map-value-start -> flow
  alias -> flow
  quote-start -> quoted-scalar -> flow
  comma -> flow
  [else] -> plain-scalar(true, 0) -> flow

quoted-scalar
  quote-end -> .
  [else] -> quoted-scalar

block-scalar(min)
  newline + peek(indent < min) -> .
  [else] -> block-scalar(min)

plain-scalar(is-flow, min)
  scalar-end(is-flow) -> .
  peek(newline + (indent < min)) -> .
  [else] -> plain-scalar(min)
*/
function isEmpty(ch) {
    switch (ch) {
        case undefined:
        case ' ':
        case '\n':
        case '\r':
        case '\t':
            return true;
        default:
            return false;
    }
}
const hexDigits = new Set('0123456789ABCDEFabcdef');
const tagChars = new Set("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-#;/?:@&=+$_.!~*'()");
const flowIndicatorChars = new Set(',[]{}');
const invalidAnchorChars = new Set(' ,[]{}\n\r\t');
const isNotAnchorChar = (ch) => !ch || invalidAnchorChars.has(ch);
/**
 * Splits an input string into lexical tokens, i.e. smaller strings that are
 * easily identifiable by `tokens.tokenType()`.
 *
 * Lexing starts always in a "stream" context. Incomplete input may be buffered
 * until a complete token can be emitted.
 *
 * In addition to slices of the original input, the following control characters
 * may also be emitted:
 *
 * - `\x02` (Start of Text): A document starts with the next token
 * - `\x18` (Cancel): Unexpected end of flow-mode (indicates an error)
 * - `\x1f` (Unit Separator): Next token is a scalar value
 * - `\u{FEFF}` (Byte order mark): Emitted separately outside documents
 */
class Lexer {
    constructor() {
        /**
         * Flag indicating whether the end of the current buffer marks the end of
         * all input
         */
        this.atEnd = false;
        /**
         * Explicit indent set in block scalar header, as an offset from the current
         * minimum indent, so e.g. set to 1 from a header `|2+`. Set to -1 if not
         * explicitly set.
         */
        this.blockScalarIndent = -1;
        /**
         * Block scalars that include a + (keep) chomping indicator in their header
         * include trailing empty lines, which are otherwise excluded from the
         * scalar's contents.
         */
        this.blockScalarKeep = false;
        /** Current input */
        this.buffer = '';
        /**
         * Flag noting whether the map value indicator : can immediately follow this
         * node within a flow context.
         */
        this.flowKey = false;
        /** Count of surrounding flow collection levels. */
        this.flowLevel = 0;
        /**
         * Minimum level of indentation required for next lines to be parsed as a
         * part of the current scalar value.
         */
        this.indentNext = 0;
        /** Indentation level of the current line. */
        this.indentValue = 0;
        /** Position of the next \n character. */
        this.lineEndPos = null;
        /** Stores the state of the lexer if reaching the end of incpomplete input */
        this.next = null;
        /** A pointer to `buffer`; the current position of the lexer. */
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
            if (typeof source !== 'string')
                throw TypeError('source is not a string');
            this.buffer = this.buffer ? this.buffer + source : source;
            this.lineEndPos = null;
        }
        this.atEnd = !incomplete;
        let next = this.next ?? 'stream';
        while (next && (incomplete || this.hasChars(1)))
            next = yield* this.parseNext(next);
    }
    atLineEnd() {
        let i = this.pos;
        let ch = this.buffer[i];
        while (ch === ' ' || ch === '\t')
            ch = this.buffer[++i];
        if (!ch || ch === '#' || ch === '\n')
            return true;
        if (ch === '\r')
            return this.buffer[i + 1] === '\n';
        return false;
    }
    charAt(n) {
        return this.buffer[this.pos + n];
    }
    continueScalar(offset) {
        let ch = this.buffer[offset];
        if (this.indentNext > 0) {
            let indent = 0;
            while (ch === ' ')
                ch = this.buffer[++indent + offset];
            if (ch === '\r') {
                const next = this.buffer[indent + offset + 1];
                if (next === '\n' || (!next && !this.atEnd))
                    return offset + indent + 1;
            }
            return ch === '\n' || indent >= this.indentNext || (!ch && !this.atEnd)
                ? offset + indent
                : -1;
        }
        if (ch === '-' || ch === '.') {
            const dt = this.buffer.substr(offset, 3);
            if ((dt === '---' || dt === '...') && isEmpty(this.buffer[offset + 3]))
                return -1;
        }
        return offset;
    }
    getLine() {
        let end = this.lineEndPos;
        if (typeof end !== 'number' || (end !== -1 && end < this.pos)) {
            end = this.buffer.indexOf('\n', this.pos);
            this.lineEndPos = end;
        }
        if (end === -1)
            return this.atEnd ? this.buffer.substring(this.pos) : null;
        if (this.buffer[end - 1] === '\r')
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
            case 'stream':
                return yield* this.parseStream();
            case 'line-start':
                return yield* this.parseLineStart();
            case 'block-start':
                return yield* this.parseBlockStart();
            case 'doc':
                return yield* this.parseDocument();
            case 'flow':
                return yield* this.parseFlowCollection();
            case 'quoted-scalar':
                return yield* this.parseQuotedScalar();
            case 'block-scalar':
                return yield* this.parseBlockScalar();
            case 'plain-scalar':
                return yield* this.parsePlainScalar();
        }
    }
    *parseStream() {
        let line = this.getLine();
        if (line === null)
            return this.setNext('stream');
        if (line[0] === cst.BOM) {
            yield* this.pushCount(1);
            line = line.substring(1);
        }
        if (line[0] === '%') {
            let dirEnd = line.length;
            let cs = line.indexOf('#');
            while (cs !== -1) {
                const ch = line[cs - 1];
                if (ch === ' ' || ch === '\t') {
                    dirEnd = cs - 1;
                    break;
                }
                else {
                    cs = line.indexOf('#', cs + 1);
                }
            }
            while (true) {
                const ch = line[dirEnd - 1];
                if (ch === ' ' || ch === '\t')
                    dirEnd -= 1;
                else
                    break;
            }
            const n = (yield* this.pushCount(dirEnd)) + (yield* this.pushSpaces(true));
            yield* this.pushCount(line.length - n); // possible comment
            this.pushNewline();
            return 'stream';
        }
        if (this.atLineEnd()) {
            const sp = yield* this.pushSpaces(true);
            yield* this.pushCount(line.length - sp);
            yield* this.pushNewline();
            return 'stream';
        }
        yield cst.DOCUMENT;
        return yield* this.parseLineStart();
    }
    *parseLineStart() {
        const ch = this.charAt(0);
        if (!ch && !this.atEnd)
            return this.setNext('line-start');
        if (ch === '-' || ch === '.') {
            if (!this.atEnd && !this.hasChars(4))
                return this.setNext('line-start');
            const s = this.peek(3);
            if ((s === '---' || s === '...') && isEmpty(this.charAt(3))) {
                yield* this.pushCount(3);
                this.indentValue = 0;
                this.indentNext = 0;
                return s === '---' ? 'doc' : 'stream';
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
            return this.setNext('block-start');
        if ((ch0 === '-' || ch0 === '?' || ch0 === ':') && isEmpty(ch1)) {
            const n = (yield* this.pushCount(1)) + (yield* this.pushSpaces(true));
            this.indentNext = this.indentValue + 1;
            this.indentValue += n;
            return 'block-start';
        }
        return 'doc';
    }
    *parseDocument() {
        yield* this.pushSpaces(true);
        const line = this.getLine();
        if (line === null)
            return this.setNext('doc');
        let n = yield* this.pushIndicators();
        switch (line[n]) {
            case '#':
                yield* this.pushCount(line.length - n);
            // fallthrough
            case undefined:
                yield* this.pushNewline();
                return yield* this.parseLineStart();
            case '{':
            case '[':
                yield* this.pushCount(1);
                this.flowKey = false;
                this.flowLevel = 1;
                return 'flow';
            case '}':
            case ']':
                // this is an error
                yield* this.pushCount(1);
                return 'doc';
            case '*':
                yield* this.pushUntil(isNotAnchorChar);
                return 'doc';
            case '"':
            case "'":
                return yield* this.parseQuotedScalar();
            case '|':
            case '>':
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
            }
            else {
                sp = 0;
            }
            sp += yield* this.pushSpaces(true);
        } while (nl + sp > 0);
        const line = this.getLine();
        if (line === null)
            return this.setNext('flow');
        if ((indent !== -1 && indent < this.indentNext && line[0] !== '#') ||
            (indent === 0 &&
                (line.startsWith('---') || line.startsWith('...')) &&
                isEmpty(line[3]))) {
            // Allowing for the terminal ] or } at the same (rather than greater)
            // indent level as the initial [ or { is technically invalid, but
            // failing here would be surprising to users.
            const atFlowEndMarker = indent === this.indentNext - 1 &&
                this.flowLevel === 1 &&
                (line[0] === ']' || line[0] === '}');
            if (!atFlowEndMarker) {
                // this is an error
                this.flowLevel = 0;
                yield cst.FLOW_END;
                return yield* this.parseLineStart();
            }
        }
        let n = 0;
        while (line[n] === ',') {
            n += yield* this.pushCount(1);
            n += yield* this.pushSpaces(true);
            this.flowKey = false;
        }
        n += yield* this.pushIndicators();
        switch (line[n]) {
            case undefined:
                return 'flow';
            case '#':
                yield* this.pushCount(line.length - n);
                return 'flow';
            case '{':
            case '[':
                yield* this.pushCount(1);
                this.flowKey = false;
                this.flowLevel += 1;
                return 'flow';
            case '}':
            case ']':
                yield* this.pushCount(1);
                this.flowKey = true;
                this.flowLevel -= 1;
                return this.flowLevel ? 'flow' : 'doc';
            case '*':
                yield* this.pushUntil(isNotAnchorChar);
                return 'flow';
            case '"':
            case "'":
                this.flowKey = true;
                return yield* this.parseQuotedScalar();
            case ':': {
                const next = this.charAt(1);
                if (this.flowKey || isEmpty(next) || next === ',') {
                    this.flowKey = false;
                    yield* this.pushCount(1);
                    yield* this.pushSpaces(true);
                    return 'flow';
                }
            }
            // fallthrough
            default:
                this.flowKey = false;
                return yield* this.parsePlainScalar();
        }
    }
    *parseQuotedScalar() {
        const quote = this.charAt(0);
        let end = this.buffer.indexOf(quote, this.pos + 1);
        if (quote === "'") {
            while (end !== -1 && this.buffer[end + 1] === "'")
                end = this.buffer.indexOf("'", end + 2);
        }
        else {
            // double-quote
            while (end !== -1) {
                let n = 0;
                while (this.buffer[end - 1 - n] === '\\')
                    n += 1;
                if (n % 2 === 0)
                    break;
                end = this.buffer.indexOf('"', end + 1);
            }
        }
        // Only looking for newlines within the quotes
        const qb = this.buffer.substring(0, end);
        let nl = qb.indexOf('\n', this.pos);
        if (nl !== -1) {
            while (nl !== -1) {
                const cs = this.continueScalar(nl + 1);
                if (cs === -1)
                    break;
                nl = qb.indexOf('\n', cs);
            }
            if (nl !== -1) {
                // this is an error caused by an unexpected unindent
                end = nl - (qb[nl - 1] === '\r' ? 2 : 1);
            }
        }
        if (end === -1) {
            if (!this.atEnd)
                return this.setNext('quoted-scalar');
            end = this.buffer.length;
        }
        yield* this.pushToIndex(end + 1, false);
        return this.flowLevel ? 'flow' : 'doc';
    }
    *parseBlockScalarHeader() {
        this.blockScalarIndent = -1;
        this.blockScalarKeep = false;
        let i = this.pos;
        while (true) {
            const ch = this.buffer[++i];
            if (ch === '+')
                this.blockScalarKeep = true;
            else if (ch > '0' && ch <= '9')
                this.blockScalarIndent = Number(ch) - 1;
            else if (ch !== '-')
                break;
        }
        return yield* this.pushUntil(ch => isEmpty(ch) || ch === '#');
    }
    *parseBlockScalar() {
        let nl = this.pos - 1; // may be -1 if this.pos === 0
        let indent = 0;
        let ch;
        loop: for (let i = this.pos; (ch = this.buffer[i]); ++i) {
            switch (ch) {
                case ' ':
                    indent += 1;
                    break;
                case '\n':
                    nl = i;
                    indent = 0;
                    break;
                case '\r': {
                    const next = this.buffer[i + 1];
                    if (!next && !this.atEnd)
                        return this.setNext('block-scalar');
                    if (next === '\n')
                        break;
                } // fallthrough
                default:
                    break loop;
            }
        }
        if (!ch && !this.atEnd)
            return this.setNext('block-scalar');
        if (indent >= this.indentNext) {
            if (this.blockScalarIndent === -1)
                this.indentNext = indent;
            else {
                this.indentNext =
                    this.blockScalarIndent + (this.indentNext === 0 ? 1 : this.indentNext);
            }
            do {
                const cs = this.continueScalar(nl + 1);
                if (cs === -1)
                    break;
                nl = this.buffer.indexOf('\n', cs);
            } while (nl !== -1);
            if (nl === -1) {
                if (!this.atEnd)
                    return this.setNext('block-scalar');
                nl = this.buffer.length;
            }
        }
        // Trailing insufficiently indented tabs are invalid.
        // To catch that during parsing, we include them in the block scalar value.
        let i = nl + 1;
        ch = this.buffer[i];
        while (ch === ' ')
            ch = this.buffer[++i];
        if (ch === '\t') {
            while (ch === '\t' || ch === ' ' || ch === '\r' || ch === '\n')
                ch = this.buffer[++i];
            nl = i - 1;
        }
        else if (!this.blockScalarKeep) {
            do {
                let i = nl - 1;
                let ch = this.buffer[i];
                if (ch === '\r')
                    ch = this.buffer[--i];
                const lastChar = i; // Drop the line if last char not more indented
                while (ch === ' ')
                    ch = this.buffer[--i];
                if (ch === '\n' && i >= this.pos && i + 1 + indent > lastChar)
                    nl = i;
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
        while ((ch = this.buffer[++i])) {
            if (ch === ':') {
                const next = this.buffer[i + 1];
                if (isEmpty(next) || (inFlow && flowIndicatorChars.has(next)))
                    break;
                end = i;
            }
            else if (isEmpty(ch)) {
                let next = this.buffer[i + 1];
                if (ch === '\r') {
                    if (next === '\n') {
                        i += 1;
                        ch = '\n';
                        next = this.buffer[i + 1];
                    }
                    else
                        end = i;
                }
                if (next === '#' || (inFlow && flowIndicatorChars.has(next)))
                    break;
                if (ch === '\n') {
                    const cs = this.continueScalar(i + 1);
                    if (cs === -1)
                        break;
                    i = Math.max(i, cs - 2); // to advance, but still account for ' #'
                }
            }
            else {
                if (inFlow && flowIndicatorChars.has(ch))
                    break;
                end = i;
            }
        }
        if (!ch && !this.atEnd)
            return this.setNext('plain-scalar');
        yield cst.SCALAR;
        yield* this.pushToIndex(end + 1, true);
        return inFlow ? 'flow' : 'doc';
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
        }
        else if (allowEmpty)
            yield '';
        return 0;
    }
    *pushIndicators() {
        let n = 0;
        loop: while (true) {
            switch (this.charAt(0)) {
                case '!':
                    n += yield* this.pushTag();
                    n += yield* this.pushSpaces(true);
                    continue loop;
                case '&':
                    n += yield* this.pushUntil(isNotAnchorChar);
                    n += yield* this.pushSpaces(true);
                    continue loop;
                case '-': // this is an error
                case '?': // this is an error outside flow collections
                case ':': {
                    const inFlow = this.flowLevel > 0;
                    const ch1 = this.charAt(1);
                    if (isEmpty(ch1) || (inFlow && flowIndicatorChars.has(ch1))) {
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
        if (this.charAt(1) === '<') {
            let i = this.pos + 2;
            let ch = this.buffer[i];
            while (!isEmpty(ch) && ch !== '>')
                ch = this.buffer[++i];
            return yield* this.pushToIndex(ch === '>' ? i + 1 : i, false);
        }
        else {
            let i = this.pos + 1;
            let ch = this.buffer[i];
            while (ch) {
                if (tagChars.has(ch))
                    ch = this.buffer[++i];
                else if (ch === '%' &&
                    hexDigits.has(this.buffer[i + 1]) &&
                    hexDigits.has(this.buffer[i + 2])) {
                    ch = this.buffer[(i += 3)];
                }
                else
                    break;
            }
            return yield* this.pushToIndex(i, false);
        }
    }
    *pushNewline() {
        const ch = this.buffer[this.pos];
        if (ch === '\n')
            return yield* this.pushCount(1);
        else if (ch === '\r' && this.charAt(1) === '\n')
            return yield* this.pushCount(2);
        else
            return 0;
    }
    *pushSpaces(allowTabs) {
        let i = this.pos - 1;
        let ch;
        do {
            ch = this.buffer[++i];
        } while (ch === ' ' || (allowTabs && ch === '\t'));
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
}

exports.Lexer = Lexer;


/***/ }),

/***/ 6628:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Tracks newlines during parsing in order to provide an efficient API for
 * determining the one-indexed `{ line, col }` position for any offset
 * within the input.
 */
class LineCounter {
    constructor() {
        this.lineStarts = [];
        /**
         * Should be called in ascending order. Otherwise, call
         * `lineCounter.lineStarts.sort()` before calling `linePos()`.
         */
        this.addNewLine = (offset) => this.lineStarts.push(offset);
        /**
         * Performs a binary search and returns the 1-indexed { line, col }
         * position of `offset`. If `line === 0`, `addNewLine` has never been
         * called or `offset` is before the first known newline.
         */
        this.linePos = (offset) => {
            let low = 0;
            let high = this.lineStarts.length;
            while (low < high) {
                const mid = (low + high) >> 1; // Math.floor((low + high) / 2)
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
}

exports.LineCounter = LineCounter;


/***/ }),

/***/ 3456:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_process = __nccwpck_require__(932);
var cst = __nccwpck_require__(3461);
var lexer = __nccwpck_require__(361);

function includesToken(list, type) {
    for (let i = 0; i < list.length; ++i)
        if (list[i].type === type)
            return true;
    return false;
}
function findNonEmptyIndex(list) {
    for (let i = 0; i < list.length; ++i) {
        switch (list[i].type) {
            case 'space':
            case 'comment':
            case 'newline':
                break;
            default:
                return i;
        }
    }
    return -1;
}
function isFlowToken(token) {
    switch (token?.type) {
        case 'alias':
        case 'scalar':
        case 'single-quoted-scalar':
        case 'double-quoted-scalar':
        case 'flow-collection':
            return true;
        default:
            return false;
    }
}
function getPrevProps(parent) {
    switch (parent.type) {
        case 'document':
            return parent.start;
        case 'block-map': {
            const it = parent.items[parent.items.length - 1];
            return it.sep ?? it.start;
        }
        case 'block-seq':
            return parent.items[parent.items.length - 1].start;
        /* istanbul ignore next should not happen */
        default:
            return [];
    }
}
/** Note: May modify input array */
function getFirstKeyStartProps(prev) {
    if (prev.length === 0)
        return [];
    let i = prev.length;
    loop: while (--i >= 0) {
        switch (prev[i].type) {
            case 'doc-start':
            case 'explicit-key-ind':
            case 'map-value-ind':
            case 'seq-item-ind':
            case 'newline':
                break loop;
        }
    }
    while (prev[++i]?.type === 'space') {
        /* loop */
    }
    return prev.splice(i, prev.length);
}
function arrayPushArray(target, source) {
    // May exhaust call stack with large `source` array
    if (source.length < 1e5)
        Array.prototype.push.apply(target, source);
    else
        for (let i = 0; i < source.length; ++i)
            target.push(source[i]);
}
function fixFlowSeqItems(fc) {
    if (fc.start.type === 'flow-seq-start') {
        for (const it of fc.items) {
            if (it.sep &&
                !it.value &&
                !includesToken(it.start, 'explicit-key-ind') &&
                !includesToken(it.sep, 'map-value-ind')) {
                if (it.key)
                    it.value = it.key;
                delete it.key;
                if (isFlowToken(it.value)) {
                    if (it.value.end)
                        arrayPushArray(it.value.end, it.sep);
                    else
                        it.value.end = it.sep;
                }
                else
                    arrayPushArray(it.start, it.sep);
                delete it.sep;
            }
        }
    }
}
/**
 * A YAML concrete syntax tree (CST) parser
 *
 * ```ts
 * const src: string = ...
 * for (const token of new Parser().parse(src)) {
 *   // token: Token
 * }
 * ```
 *
 * To use the parser with a user-provided lexer:
 *
 * ```ts
 * function* parse(source: string, lexer: Lexer) {
 *   const parser = new Parser()
 *   for (const lexeme of lexer.lex(source))
 *     yield* parser.next(lexeme)
 *   yield* parser.end()
 * }
 *
 * const src: string = ...
 * const lexer = new Lexer()
 * for (const token of parse(src, lexer)) {
 *   // token: Token
 * }
 * ```
 */
class Parser {
    /**
     * @param onNewLine - If defined, called separately with the start position of
     *   each new line (in `parse()`, including the start of input).
     */
    constructor(onNewLine) {
        /** If true, space and sequence indicators count as indentation */
        this.atNewLine = true;
        /** If true, next token is a scalar value */
        this.atScalar = false;
        /** Current indentation level */
        this.indent = 0;
        /** Current offset since the start of parsing */
        this.offset = 0;
        /** On the same line with a block map key */
        this.onKeyLine = false;
        /** Top indicates the node that's currently being built */
        this.stack = [];
        /** The source of the current token, set in parse() */
        this.source = '';
        /** The type of the current token, set in parse() */
        this.type = '';
        // Must be defined after `next()`
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
            console.log('|', cst.prettyToken(source));
        if (this.atScalar) {
            this.atScalar = false;
            yield* this.step();
            this.offset += source.length;
            return;
        }
        const type = cst.tokenType(source);
        if (!type) {
            const message = `Not a YAML token: ${source}`;
            yield* this.pop({ type: 'error', offset: this.offset, message, source });
            this.offset += source.length;
        }
        else if (type === 'scalar') {
            this.atNewLine = false;
            this.atScalar = true;
            this.type = 'scalar';
        }
        else {
            this.type = type;
            yield* this.step();
            switch (type) {
                case 'newline':
                    this.atNewLine = true;
                    this.indent = 0;
                    if (this.onNewLine)
                        this.onNewLine(this.offset + source.length);
                    break;
                case 'space':
                    if (this.atNewLine && source[0] === ' ')
                        this.indent += source.length;
                    break;
                case 'explicit-key-ind':
                case 'map-value-ind':
                case 'seq-item-ind':
                    if (this.atNewLine)
                        this.indent += source.length;
                    break;
                case 'doc-mode':
                case 'flow-error-end':
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
        if (this.type === 'doc-end' && top?.type !== 'doc-end') {
            while (this.stack.length > 0)
                yield* this.pop();
            this.stack.push({
                type: 'doc-end',
                offset: this.offset,
                source: this.source
            });
            return;
        }
        if (!top)
            return yield* this.stream();
        switch (top.type) {
            case 'document':
                return yield* this.document(top);
            case 'alias':
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return yield* this.scalar(top);
            case 'block-scalar':
                return yield* this.blockScalar(top);
            case 'block-map':
                return yield* this.blockMap(top);
            case 'block-seq':
                return yield* this.blockSequence(top);
            case 'flow-collection':
                return yield* this.flowCollection(top);
            case 'doc-end':
                return yield* this.documentEnd(top);
        }
        /* istanbul ignore next should not happen */
        yield* this.pop();
    }
    peek(n) {
        return this.stack[this.stack.length - n];
    }
    *pop(error) {
        const token = error ?? this.stack.pop();
        /* istanbul ignore if should not happen */
        if (!token) {
            const message = 'Tried to pop an empty stack';
            yield { type: 'error', offset: this.offset, source: '', message };
        }
        else if (this.stack.length === 0) {
            yield token;
        }
        else {
            const top = this.peek(1);
            if (token.type === 'block-scalar') {
                // Block scalars use their parent rather than header indent
                token.indent = 'indent' in top ? top.indent : 0;
            }
            else if (token.type === 'flow-collection' && top.type === 'document') {
                // Ignore all indent for top-level flow collections
                token.indent = 0;
            }
            if (token.type === 'flow-collection')
                fixFlowSeqItems(token);
            switch (top.type) {
                case 'document':
                    top.value = token;
                    break;
                case 'block-scalar':
                    top.props.push(token); // error
                    break;
                case 'block-map': {
                    const it = top.items[top.items.length - 1];
                    if (it.value) {
                        top.items.push({ start: [], key: token, sep: [] });
                        this.onKeyLine = true;
                        return;
                    }
                    else if (it.sep) {
                        it.value = token;
                    }
                    else {
                        Object.assign(it, { key: token, sep: [] });
                        this.onKeyLine = !it.explicitKey;
                        return;
                    }
                    break;
                }
                case 'block-seq': {
                    const it = top.items[top.items.length - 1];
                    if (it.value)
                        top.items.push({ start: [], value: token });
                    else
                        it.value = token;
                    break;
                }
                case 'flow-collection': {
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
            if ((top.type === 'document' ||
                top.type === 'block-map' ||
                top.type === 'block-seq') &&
                (token.type === 'block-map' || token.type === 'block-seq')) {
                const last = token.items[token.items.length - 1];
                if (last &&
                    !last.sep &&
                    !last.value &&
                    last.start.length > 0 &&
                    findNonEmptyIndex(last.start) === -1 &&
                    (token.indent === 0 ||
                        last.start.every(st => st.type !== 'comment' || st.indent < token.indent))) {
                    if (top.type === 'document')
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
            case 'directive-line':
                yield { type: 'directive', offset: this.offset, source: this.source };
                return;
            case 'byte-order-mark':
            case 'space':
            case 'comment':
            case 'newline':
                yield this.sourceToken;
                return;
            case 'doc-mode':
            case 'doc-start': {
                const doc = {
                    type: 'document',
                    offset: this.offset,
                    start: []
                };
                if (this.type === 'doc-start')
                    doc.start.push(this.sourceToken);
                this.stack.push(doc);
                return;
            }
        }
        yield {
            type: 'error',
            offset: this.offset,
            message: `Unexpected ${this.type} token in YAML stream`,
            source: this.source
        };
    }
    *document(doc) {
        if (doc.value)
            return yield* this.lineEnd(doc);
        switch (this.type) {
            case 'doc-start': {
                if (findNonEmptyIndex(doc.start) !== -1) {
                    yield* this.pop();
                    yield* this.step();
                }
                else
                    doc.start.push(this.sourceToken);
                return;
            }
            case 'anchor':
            case 'tag':
            case 'space':
            case 'comment':
            case 'newline':
                doc.start.push(this.sourceToken);
                return;
        }
        const bv = this.startBlockValue(doc);
        if (bv)
            this.stack.push(bv);
        else {
            yield {
                type: 'error',
                offset: this.offset,
                message: `Unexpected ${this.type} token in YAML document`,
                source: this.source
            };
        }
    }
    *scalar(scalar) {
        if (this.type === 'map-value-ind') {
            const prev = getPrevProps(this.peek(2));
            const start = getFirstKeyStartProps(prev);
            let sep;
            if (scalar.end) {
                sep = scalar.end;
                sep.push(this.sourceToken);
                delete scalar.end;
            }
            else
                sep = [this.sourceToken];
            const map = {
                type: 'block-map',
                offset: scalar.offset,
                indent: scalar.indent,
                items: [{ start, key: scalar, sep }]
            };
            this.onKeyLine = true;
            this.stack[this.stack.length - 1] = map;
        }
        else
            yield* this.lineEnd(scalar);
    }
    *blockScalar(scalar) {
        switch (this.type) {
            case 'space':
            case 'comment':
            case 'newline':
                scalar.props.push(this.sourceToken);
                return;
            case 'scalar':
                scalar.source = this.source;
                // block-scalar source includes trailing newline
                this.atNewLine = true;
                this.indent = 0;
                if (this.onNewLine) {
                    let nl = this.source.indexOf('\n') + 1;
                    while (nl !== 0) {
                        this.onNewLine(this.offset + nl);
                        nl = this.source.indexOf('\n', nl) + 1;
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
        // it.sep is true-ish if pair already has key or : separator
        switch (this.type) {
            case 'newline':
                this.onKeyLine = false;
                if (it.value) {
                    const end = 'end' in it.value ? it.value.end : undefined;
                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
                    if (last?.type === 'comment')
                        end?.push(this.sourceToken);
                    else
                        map.items.push({ start: [this.sourceToken] });
                }
                else if (it.sep) {
                    it.sep.push(this.sourceToken);
                }
                else {
                    it.start.push(this.sourceToken);
                }
                return;
            case 'space':
            case 'comment':
                if (it.value) {
                    map.items.push({ start: [this.sourceToken] });
                }
                else if (it.sep) {
                    it.sep.push(this.sourceToken);
                }
                else {
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
            const atNextItem = atMapIndent &&
                (it.sep || it.explicitKey) &&
                this.type !== 'seq-item-ind';
            // For empty nodes, assign newline-separated not indented empty tokens to following node
            let start = [];
            if (atNextItem && it.sep && !it.value) {
                const nl = [];
                for (let i = 0; i < it.sep.length; ++i) {
                    const st = it.sep[i];
                    switch (st.type) {
                        case 'newline':
                            nl.push(i);
                            break;
                        case 'space':
                            break;
                        case 'comment':
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
                case 'anchor':
                case 'tag':
                    if (atNextItem || it.value) {
                        start.push(this.sourceToken);
                        map.items.push({ start });
                        this.onKeyLine = true;
                    }
                    else if (it.sep) {
                        it.sep.push(this.sourceToken);
                    }
                    else {
                        it.start.push(this.sourceToken);
                    }
                    return;
                case 'explicit-key-ind':
                    if (!it.sep && !it.explicitKey) {
                        it.start.push(this.sourceToken);
                        it.explicitKey = true;
                    }
                    else if (atNextItem || it.value) {
                        start.push(this.sourceToken);
                        map.items.push({ start, explicitKey: true });
                    }
                    else {
                        this.stack.push({
                            type: 'block-map',
                            offset: this.offset,
                            indent: this.indent,
                            items: [{ start: [this.sourceToken], explicitKey: true }]
                        });
                    }
                    this.onKeyLine = true;
                    return;
                case 'map-value-ind':
                    if (it.explicitKey) {
                        if (!it.sep) {
                            if (includesToken(it.start, 'newline')) {
                                Object.assign(it, { key: null, sep: [this.sourceToken] });
                            }
                            else {
                                const start = getFirstKeyStartProps(it.start);
                                this.stack.push({
                                    type: 'block-map',
                                    offset: this.offset,
                                    indent: this.indent,
                                    items: [{ start, key: null, sep: [this.sourceToken] }]
                                });
                            }
                        }
                        else if (it.value) {
                            map.items.push({ start: [], key: null, sep: [this.sourceToken] });
                        }
                        else if (includesToken(it.sep, 'map-value-ind')) {
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start, key: null, sep: [this.sourceToken] }]
                            });
                        }
                        else if (isFlowToken(it.key) &&
                            !includesToken(it.sep, 'newline')) {
                            const start = getFirstKeyStartProps(it.start);
                            const key = it.key;
                            const sep = it.sep;
                            sep.push(this.sourceToken);
                            // @ts-expect-error type guard is wrong here
                            delete it.key;
                            // @ts-expect-error type guard is wrong here
                            delete it.sep;
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start, key, sep }]
                            });
                        }
                        else if (start.length > 0) {
                            // Not actually at next item
                            it.sep = it.sep.concat(start, this.sourceToken);
                        }
                        else {
                            it.sep.push(this.sourceToken);
                        }
                    }
                    else {
                        if (!it.sep) {
                            Object.assign(it, { key: null, sep: [this.sourceToken] });
                        }
                        else if (it.value || atNextItem) {
                            map.items.push({ start, key: null, sep: [this.sourceToken] });
                        }
                        else if (includesToken(it.sep, 'map-value-ind')) {
                            this.stack.push({
                                type: 'block-map',
                                offset: this.offset,
                                indent: this.indent,
                                items: [{ start: [], key: null, sep: [this.sourceToken] }]
                            });
                        }
                        else {
                            it.sep.push(this.sourceToken);
                        }
                    }
                    this.onKeyLine = true;
                    return;
                case 'alias':
                case 'scalar':
                case 'single-quoted-scalar':
                case 'double-quoted-scalar': {
                    const fs = this.flowScalar(this.type);
                    if (atNextItem || it.value) {
                        map.items.push({ start, key: fs, sep: [] });
                        this.onKeyLine = true;
                    }
                    else if (it.sep) {
                        this.stack.push(fs);
                    }
                    else {
                        Object.assign(it, { key: fs, sep: [] });
                        this.onKeyLine = true;
                    }
                    return;
                }
                default: {
                    const bv = this.startBlockValue(map);
                    if (bv) {
                        if (bv.type === 'block-seq') {
                            if (!it.explicitKey &&
                                it.sep &&
                                !includesToken(it.sep, 'newline')) {
                                yield* this.pop({
                                    type: 'error',
                                    offset: this.offset,
                                    message: 'Unexpected block-seq-ind on same line with key',
                                    source: this.source
                                });
                                return;
                            }
                        }
                        else if (atMapIndent) {
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
            case 'newline':
                if (it.value) {
                    const end = 'end' in it.value ? it.value.end : undefined;
                    const last = Array.isArray(end) ? end[end.length - 1] : undefined;
                    if (last?.type === 'comment')
                        end?.push(this.sourceToken);
                    else
                        seq.items.push({ start: [this.sourceToken] });
                }
                else
                    it.start.push(this.sourceToken);
                return;
            case 'space':
            case 'comment':
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
            case 'anchor':
            case 'tag':
                if (it.value || this.indent <= seq.indent)
                    break;
                it.start.push(this.sourceToken);
                return;
            case 'seq-item-ind':
                if (this.indent !== seq.indent)
                    break;
                if (it.value || includesToken(it.start, 'seq-item-ind'))
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
        if (this.type === 'flow-error-end') {
            let top;
            do {
                yield* this.pop();
                top = this.peek(1);
            } while (top?.type === 'flow-collection');
        }
        else if (fc.end.length === 0) {
            switch (this.type) {
                case 'comma':
                case 'explicit-key-ind':
                    if (!it || it.sep)
                        fc.items.push({ start: [this.sourceToken] });
                    else
                        it.start.push(this.sourceToken);
                    return;
                case 'map-value-ind':
                    if (!it || it.value)
                        fc.items.push({ start: [], key: null, sep: [this.sourceToken] });
                    else if (it.sep)
                        it.sep.push(this.sourceToken);
                    else
                        Object.assign(it, { key: null, sep: [this.sourceToken] });
                    return;
                case 'space':
                case 'comment':
                case 'newline':
                case 'anchor':
                case 'tag':
                    if (!it || it.value)
                        fc.items.push({ start: [this.sourceToken] });
                    else if (it.sep)
                        it.sep.push(this.sourceToken);
                    else
                        it.start.push(this.sourceToken);
                    return;
                case 'alias':
                case 'scalar':
                case 'single-quoted-scalar':
                case 'double-quoted-scalar': {
                    const fs = this.flowScalar(this.type);
                    if (!it || it.value)
                        fc.items.push({ start: [], key: fs, sep: [] });
                    else if (it.sep)
                        this.stack.push(fs);
                    else
                        Object.assign(it, { key: fs, sep: [] });
                    return;
                }
                case 'flow-map-end':
                case 'flow-seq-end':
                    fc.end.push(this.sourceToken);
                    return;
            }
            const bv = this.startBlockValue(fc);
            /* istanbul ignore else should not happen */
            if (bv)
                this.stack.push(bv);
            else {
                yield* this.pop();
                yield* this.step();
            }
        }
        else {
            const parent = this.peek(2);
            if (parent.type === 'block-map' &&
                ((this.type === 'map-value-ind' && parent.indent === fc.indent) ||
                    (this.type === 'newline' &&
                        !parent.items[parent.items.length - 1].sep))) {
                yield* this.pop();
                yield* this.step();
            }
            else if (this.type === 'map-value-ind' &&
                parent.type !== 'flow-collection') {
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                fixFlowSeqItems(fc);
                const sep = fc.end.splice(1, fc.end.length);
                sep.push(this.sourceToken);
                const map = {
                    type: 'block-map',
                    offset: fc.offset,
                    indent: fc.indent,
                    items: [{ start, key: fc, sep }]
                };
                this.onKeyLine = true;
                this.stack[this.stack.length - 1] = map;
            }
            else {
                yield* this.lineEnd(fc);
            }
        }
    }
    flowScalar(type) {
        if (this.onNewLine) {
            let nl = this.source.indexOf('\n') + 1;
            while (nl !== 0) {
                this.onNewLine(this.offset + nl);
                nl = this.source.indexOf('\n', nl) + 1;
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
            case 'alias':
            case 'scalar':
            case 'single-quoted-scalar':
            case 'double-quoted-scalar':
                return this.flowScalar(this.type);
            case 'block-scalar-header':
                return {
                    type: 'block-scalar',
                    offset: this.offset,
                    indent: this.indent,
                    props: [this.sourceToken],
                    source: ''
                };
            case 'flow-map-start':
            case 'flow-seq-start':
                return {
                    type: 'flow-collection',
                    offset: this.offset,
                    indent: this.indent,
                    start: this.sourceToken,
                    items: [],
                    end: []
                };
            case 'seq-item-ind':
                return {
                    type: 'block-seq',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start: [this.sourceToken] }]
                };
            case 'explicit-key-ind': {
                this.onKeyLine = true;
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                start.push(this.sourceToken);
                return {
                    type: 'block-map',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, explicitKey: true }]
                };
            }
            case 'map-value-ind': {
                this.onKeyLine = true;
                const prev = getPrevProps(parent);
                const start = getFirstKeyStartProps(prev);
                return {
                    type: 'block-map',
                    offset: this.offset,
                    indent: this.indent,
                    items: [{ start, key: null, sep: [this.sourceToken] }]
                };
            }
        }
        return null;
    }
    atIndentedComment(start, indent) {
        if (this.type !== 'comment')
            return false;
        if (this.indent <= indent)
            return false;
        return start.every(st => st.type === 'newline' || st.type === 'space');
    }
    *documentEnd(docEnd) {
        if (this.type !== 'doc-mode') {
            if (docEnd.end)
                docEnd.end.push(this.sourceToken);
            else
                docEnd.end = [this.sourceToken];
            if (this.type === 'newline')
                yield* this.pop();
        }
    }
    *lineEnd(token) {
        switch (this.type) {
            case 'comma':
            case 'doc-start':
            case 'doc-end':
            case 'flow-seq-end':
            case 'flow-map-end':
            case 'map-value-ind':
                yield* this.pop();
                yield* this.step();
                break;
            case 'newline':
                this.onKeyLine = false;
            // fallthrough
            case 'space':
            case 'comment':
            default:
                // all other values are errors
                if (token.end)
                    token.end.push(this.sourceToken);
                else
                    token.end = [this.sourceToken];
                if (this.type === 'newline')
                    yield* this.pop();
        }
    }
}

exports.Parser = Parser;


/***/ }),

/***/ 4047:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var composer = __nccwpck_require__(9984);
var Document = __nccwpck_require__(5402);
var errors = __nccwpck_require__(1464);
var log = __nccwpck_require__(7249);
var identity = __nccwpck_require__(1127);
var lineCounter = __nccwpck_require__(6628);
var parser = __nccwpck_require__(3456);

function parseOptions(options) {
    const prettyErrors = options.prettyErrors !== false;
    const lineCounter$1 = options.lineCounter || (prettyErrors && new lineCounter.LineCounter()) || null;
    return { lineCounter: lineCounter$1, prettyErrors };
}
/**
 * Parse the input as a stream of YAML documents.
 *
 * Documents should be separated from each other by `...` or `---` marker lines.
 *
 * @returns If an empty `docs` array is returned, it will be of type
 *   EmptyStream and contain additional stream information. In
 *   TypeScript, you should use `'empty' in docs` as a type guard for it.
 */
function parseAllDocuments(source, options = {}) {
    const { lineCounter, prettyErrors } = parseOptions(options);
    const parser$1 = new parser.Parser(lineCounter?.addNewLine);
    const composer$1 = new composer.Composer(options);
    const docs = Array.from(composer$1.compose(parser$1.parse(source)));
    if (prettyErrors && lineCounter)
        for (const doc of docs) {
            doc.errors.forEach(errors.prettifyError(source, lineCounter));
            doc.warnings.forEach(errors.prettifyError(source, lineCounter));
        }
    if (docs.length > 0)
        return docs;
    return Object.assign([], { empty: true }, composer$1.streamInfo());
}
/** Parse an input string into a single YAML.Document */
function parseDocument(source, options = {}) {
    const { lineCounter, prettyErrors } = parseOptions(options);
    const parser$1 = new parser.Parser(lineCounter?.addNewLine);
    const composer$1 = new composer.Composer(options);
    // `doc` is always set by compose.end(true) at the very latest
    let doc = null;
    for (const _doc of composer$1.compose(parser$1.parse(source), true, source.length)) {
        if (!doc)
            doc = _doc;
        else if (doc.options.logLevel !== 'silent') {
            doc.errors.push(new errors.YAMLParseError(_doc.range.slice(0, 2), 'MULTIPLE_DOCS', 'Source contains multiple documents; please use YAML.parseAllDocuments()'));
            break;
        }
    }
    if (prettyErrors && lineCounter) {
        doc.errors.forEach(errors.prettifyError(source, lineCounter));
        doc.warnings.forEach(errors.prettifyError(source, lineCounter));
    }
    return doc;
}
function parse(src, reviver, options) {
    let _reviver = undefined;
    if (typeof reviver === 'function') {
        _reviver = reviver;
    }
    else if (options === undefined && reviver && typeof reviver === 'object') {
        options = reviver;
    }
    const doc = parseDocument(src, options);
    if (!doc)
        return null;
    doc.warnings.forEach(warning => log.warn(doc.options.logLevel, warning));
    if (doc.errors.length > 0) {
        if (doc.options.logLevel !== 'silent')
            throw doc.errors[0];
        else
            doc.errors = [];
    }
    return doc.toJS(Object.assign({ reviver: _reviver }, options));
}
function stringify(value, replacer, options) {
    let _replacer = null;
    if (typeof replacer === 'function' || Array.isArray(replacer)) {
        _replacer = replacer;
    }
    else if (options === undefined && replacer) {
        options = replacer;
    }
    if (typeof options === 'string')
        options = options.length;
    if (typeof options === 'number') {
        const indent = Math.round(options);
        options = indent < 1 ? undefined : indent > 8 ? { indent: 8 } : { indent };
    }
    if (value === undefined) {
        const { keepUndefined } = options ?? replacer ?? {};
        if (!keepUndefined)
            return undefined;
    }
    if (identity.isDocument(value) && !_replacer)
        return value.toString(options);
    return new Document.Document(value, _replacer, options).toString(options);
}

exports.parse = parse;
exports.parseAllDocuments = parseAllDocuments;
exports.parseDocument = parseDocument;
exports.stringify = stringify;


/***/ }),

/***/ 5840:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var map = __nccwpck_require__(7451);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var tags = __nccwpck_require__(18);

const sortMapEntriesByKey = (a, b) => a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
class Schema {
    constructor({ compat, customTags, merge, resolveKnownTags, schema, sortMapEntries, toStringDefaults }) {
        this.compat = Array.isArray(compat)
            ? tags.getTags(compat, 'compat')
            : compat
                ? tags.getTags(null, compat)
                : null;
        this.name = (typeof schema === 'string' && schema) || 'core';
        this.knownTags = resolveKnownTags ? tags.coreKnownTags : {};
        this.tags = tags.getTags(customTags, this.name, merge);
        this.toStringOptions = toStringDefaults ?? null;
        Object.defineProperty(this, identity.MAP, { value: map.map });
        Object.defineProperty(this, identity.SCALAR, { value: string.string });
        Object.defineProperty(this, identity.SEQ, { value: seq.seq });
        // Used by createMap()
        this.sortMapEntries =
            typeof sortMapEntries === 'function'
                ? sortMapEntries
                : sortMapEntries === true
                    ? sortMapEntriesByKey
                    : null;
    }
    clone() {
        const copy = Object.create(Schema.prototype, Object.getOwnPropertyDescriptors(this));
        copy.tags = this.tags.slice();
        return copy;
    }
}

exports.Schema = Schema;


/***/ }),

/***/ 7451:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var YAMLMap = __nccwpck_require__(4454);

const map = {
    collection: 'map',
    default: true,
    nodeClass: YAMLMap.YAMLMap,
    tag: 'tag:yaml.org,2002:map',
    resolve(map, onError) {
        if (!identity.isMap(map))
            onError('Expected a mapping for this tag');
        return map;
    },
    createNode: (schema, obj, ctx) => YAMLMap.YAMLMap.from(schema, obj, ctx)
};

exports.map = map;


/***/ }),

/***/ 3632:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

const nullTag = {
    identify: value => value == null,
    createNode: () => new Scalar.Scalar(null),
    default: true,
    tag: 'tag:yaml.org,2002:null',
    test: /^(?:~|[Nn]ull|NULL)?$/,
    resolve: () => new Scalar.Scalar(null),
    stringify: ({ source }, ctx) => typeof source === 'string' && nullTag.test.test(source)
        ? source
        : ctx.options.nullStr
};

exports.nullTag = nullTag;


/***/ }),

/***/ 1706:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var YAMLSeq = __nccwpck_require__(2223);

const seq = {
    collection: 'seq',
    default: true,
    nodeClass: YAMLSeq.YAMLSeq,
    tag: 'tag:yaml.org,2002:seq',
    resolve(seq, onError) {
        if (!identity.isSeq(seq))
            onError('Expected a sequence for this tag');
        return seq;
    },
    createNode: (schema, obj, ctx) => YAMLSeq.YAMLSeq.from(schema, obj, ctx)
};

exports.seq = seq;


/***/ }),

/***/ 6464:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyString = __nccwpck_require__(3069);

const string = {
    identify: value => typeof value === 'string',
    default: true,
    tag: 'tag:yaml.org,2002:str',
    resolve: str => str,
    stringify(item, ctx, onComment, onChompKeep) {
        ctx = Object.assign({ actualString: true }, ctx);
        return stringifyString.stringifyString(item, ctx, onComment, onChompKeep);
    }
};

exports.string = string;


/***/ }),

/***/ 3959:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

const boolTag = {
    identify: value => typeof value === 'boolean',
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/,
    resolve: str => new Scalar.Scalar(str[0] === 't' || str[0] === 'T'),
    stringify({ source, value }, ctx) {
        if (source && boolTag.test.test(source)) {
            const sv = source[0] === 't' || source[0] === 'T';
            if (value === sv)
                return source;
        }
        return value ? ctx.options.trueStr : ctx.options.falseStr;
    }
};

exports.boolTag = boolTag;


/***/ }),

/***/ 8405:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var stringifyNumber = __nccwpck_require__(8689);

const floatNaN = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    resolve: str => str.slice(-3).toLowerCase() === 'nan'
        ? NaN
        : str[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY,
    stringify: stringifyNumber.stringifyNumber
};
const floatExp = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'EXP',
    test: /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
    resolve: str => parseFloat(str),
    stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
    }
};
const float = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/,
    resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str));
        const dot = str.indexOf('.');
        if (dot !== -1 && str[str.length - 1] === '0')
            node.minFractionDigits = str.length - dot - 1;
        return node;
    },
    stringify: stringifyNumber.stringifyNumber
};

exports.float = float;
exports.floatExp = floatExp;
exports.floatNaN = floatNaN;


/***/ }),

/***/ 9874:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyNumber = __nccwpck_require__(8689);

const intIdentify = (value) => typeof value === 'bigint' || Number.isInteger(value);
const intResolve = (str, offset, radix, { intAsBigInt }) => (intAsBigInt ? BigInt(str) : parseInt(str.substring(offset), radix));
function intStringify(node, radix, prefix) {
    const { value } = node;
    if (intIdentify(value) && value >= 0)
        return prefix + value.toString(radix);
    return stringifyNumber.stringifyNumber(node);
}
const intOct = {
    identify: value => intIdentify(value) && value >= 0,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'OCT',
    test: /^0o[0-7]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 8, opt),
    stringify: node => intStringify(node, 8, '0o')
};
const int = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    test: /^[-+]?[0-9]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
    stringify: stringifyNumber.stringifyNumber
};
const intHex = {
    identify: value => intIdentify(value) && value >= 0,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'HEX',
    test: /^0x[0-9a-fA-F]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
    stringify: node => intStringify(node, 16, '0x')
};

exports.int = int;
exports.intHex = intHex;
exports.intOct = intOct;


/***/ }),

/***/ 896:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var map = __nccwpck_require__(7451);
var _null = __nccwpck_require__(3632);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var bool = __nccwpck_require__(3959);
var float = __nccwpck_require__(8405);
var int = __nccwpck_require__(9874);

const schema = [
    map.map,
    seq.seq,
    string.string,
    _null.nullTag,
    bool.boolTag,
    int.intOct,
    int.int,
    int.intHex,
    float.floatNaN,
    float.floatExp,
    float.float
];

exports.schema = schema;


/***/ }),

/***/ 3559:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var map = __nccwpck_require__(7451);
var seq = __nccwpck_require__(1706);

function intIdentify(value) {
    return typeof value === 'bigint' || Number.isInteger(value);
}
const stringifyJSON = ({ value }) => JSON.stringify(value);
const jsonScalars = [
    {
        identify: value => typeof value === 'string',
        default: true,
        tag: 'tag:yaml.org,2002:str',
        resolve: str => str,
        stringify: stringifyJSON
    },
    {
        identify: value => value == null,
        createNode: () => new Scalar.Scalar(null),
        default: true,
        tag: 'tag:yaml.org,2002:null',
        test: /^null$/,
        resolve: () => null,
        stringify: stringifyJSON
    },
    {
        identify: value => typeof value === 'boolean',
        default: true,
        tag: 'tag:yaml.org,2002:bool',
        test: /^true$|^false$/,
        resolve: str => str === 'true',
        stringify: stringifyJSON
    },
    {
        identify: intIdentify,
        default: true,
        tag: 'tag:yaml.org,2002:int',
        test: /^-?(?:0|[1-9][0-9]*)$/,
        resolve: (str, _onError, { intAsBigInt }) => intAsBigInt ? BigInt(str) : parseInt(str, 10),
        stringify: ({ value }) => intIdentify(value) ? value.toString() : JSON.stringify(value)
    },
    {
        identify: value => typeof value === 'number',
        default: true,
        tag: 'tag:yaml.org,2002:float',
        test: /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]*)?(?:[eE][-+]?[0-9]+)?$/,
        resolve: str => parseFloat(str),
        stringify: stringifyJSON
    }
];
const jsonError = {
    default: true,
    tag: '',
    test: /^/,
    resolve(str, onError) {
        onError(`Unresolved plain scalar ${JSON.stringify(str)}`);
        return str;
    }
};
const schema = [map.map, seq.seq].concat(jsonScalars, jsonError);

exports.schema = schema;


/***/ }),

/***/ 18:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var map = __nccwpck_require__(7451);
var _null = __nccwpck_require__(3632);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var bool = __nccwpck_require__(3959);
var float = __nccwpck_require__(8405);
var int = __nccwpck_require__(9874);
var schema = __nccwpck_require__(896);
var schema$1 = __nccwpck_require__(3559);
var binary = __nccwpck_require__(6083);
var merge = __nccwpck_require__(452);
var omap = __nccwpck_require__(303);
var pairs = __nccwpck_require__(8385);
var schema$2 = __nccwpck_require__(5913);
var set = __nccwpck_require__(1528);
var timestamp = __nccwpck_require__(6752);

const schemas = new Map([
    ['core', schema.schema],
    ['failsafe', [map.map, seq.seq, string.string]],
    ['json', schema$1.schema],
    ['yaml11', schema$2.schema],
    ['yaml-1.1', schema$2.schema]
]);
const tagsByName = {
    binary: binary.binary,
    bool: bool.boolTag,
    float: float.float,
    floatExp: float.floatExp,
    floatNaN: float.floatNaN,
    floatTime: timestamp.floatTime,
    int: int.int,
    intHex: int.intHex,
    intOct: int.intOct,
    intTime: timestamp.intTime,
    map: map.map,
    merge: merge.merge,
    null: _null.nullTag,
    omap: omap.omap,
    pairs: pairs.pairs,
    seq: seq.seq,
    set: set.set,
    timestamp: timestamp.timestamp
};
const coreKnownTags = {
    'tag:yaml.org,2002:binary': binary.binary,
    'tag:yaml.org,2002:merge': merge.merge,
    'tag:yaml.org,2002:omap': omap.omap,
    'tag:yaml.org,2002:pairs': pairs.pairs,
    'tag:yaml.org,2002:set': set.set,
    'tag:yaml.org,2002:timestamp': timestamp.timestamp
};
function getTags(customTags, schemaName, addMergeTag) {
    const schemaTags = schemas.get(schemaName);
    if (schemaTags && !customTags) {
        return addMergeTag && !schemaTags.includes(merge.merge)
            ? schemaTags.concat(merge.merge)
            : schemaTags.slice();
    }
    let tags = schemaTags;
    if (!tags) {
        if (Array.isArray(customTags))
            tags = [];
        else {
            const keys = Array.from(schemas.keys())
                .filter(key => key !== 'yaml11')
                .map(key => JSON.stringify(key))
                .join(', ');
            throw new Error(`Unknown schema "${schemaName}"; use one of ${keys} or define customTags array`);
        }
    }
    if (Array.isArray(customTags)) {
        for (const tag of customTags)
            tags = tags.concat(tag);
    }
    else if (typeof customTags === 'function') {
        tags = customTags(tags.slice());
    }
    if (addMergeTag)
        tags = tags.concat(merge.merge);
    return tags.reduce((tags, tag) => {
        const tagObj = typeof tag === 'string' ? tagsByName[tag] : tag;
        if (!tagObj) {
            const tagName = JSON.stringify(tag);
            const keys = Object.keys(tagsByName)
                .map(key => JSON.stringify(key))
                .join(', ');
            throw new Error(`Unknown custom tag ${tagName}; use one of ${keys}`);
        }
        if (!tags.includes(tagObj))
            tags.push(tagObj);
        return tags;
    }, []);
}

exports.coreKnownTags = coreKnownTags;
exports.getTags = getTags;


/***/ }),

/***/ 6083:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var node_buffer = __nccwpck_require__(181);
var Scalar = __nccwpck_require__(3301);
var stringifyString = __nccwpck_require__(3069);

const binary = {
    identify: value => value instanceof Uint8Array, // Buffer inherits from Uint8Array
    default: false,
    tag: 'tag:yaml.org,2002:binary',
    /**
     * Returns a Buffer in node and an Uint8Array in browsers
     *
     * To use the resulting buffer as an image, you'll want to do something like:
     *
     *   const blob = new Blob([buffer], { type: 'image/jpeg' })
     *   document.querySelector('#photo').src = URL.createObjectURL(blob)
     */
    resolve(src, onError) {
        if (typeof node_buffer.Buffer === 'function') {
            return node_buffer.Buffer.from(src, 'base64');
        }
        else if (typeof atob === 'function') {
            // On IE 11, atob() can't handle newlines
            const str = atob(src.replace(/[\n\r]/g, ''));
            const buffer = new Uint8Array(str.length);
            for (let i = 0; i < str.length; ++i)
                buffer[i] = str.charCodeAt(i);
            return buffer;
        }
        else {
            onError('This environment does not support reading binary tags; either Buffer or atob is required');
            return src;
        }
    },
    stringify({ comment, type, value }, ctx, onComment, onChompKeep) {
        if (!value)
            return '';
        const buf = value; // checked earlier by binary.identify()
        let str;
        if (typeof node_buffer.Buffer === 'function') {
            str =
                buf instanceof node_buffer.Buffer
                    ? buf.toString('base64')
                    : node_buffer.Buffer.from(buf.buffer).toString('base64');
        }
        else if (typeof btoa === 'function') {
            let s = '';
            for (let i = 0; i < buf.length; ++i)
                s += String.fromCharCode(buf[i]);
            str = btoa(s);
        }
        else {
            throw new Error('This environment does not support writing binary tags; either Buffer or btoa is required');
        }
        type ?? (type = Scalar.Scalar.BLOCK_LITERAL);
        if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
            const lineWidth = Math.max(ctx.options.lineWidth - ctx.indent.length, ctx.options.minContentWidth);
            const n = Math.ceil(str.length / lineWidth);
            const lines = new Array(n);
            for (let i = 0, o = 0; i < n; ++i, o += lineWidth) {
                lines[i] = str.substr(o, lineWidth);
            }
            str = lines.join(type === Scalar.Scalar.BLOCK_LITERAL ? '\n' : ' ');
        }
        return stringifyString.stringifyString({ comment, type, value: str }, ctx, onComment, onChompKeep);
    }
};

exports.binary = binary;


/***/ }),

/***/ 8398:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);

function boolStringify({ value, source }, ctx) {
    const boolObj = value ? trueTag : falseTag;
    if (source && boolObj.test.test(source))
        return source;
    return value ? ctx.options.trueStr : ctx.options.falseStr;
}
const trueTag = {
    identify: value => value === true,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:Y|y|[Yy]es|YES|[Tt]rue|TRUE|[Oo]n|ON)$/,
    resolve: () => new Scalar.Scalar(true),
    stringify: boolStringify
};
const falseTag = {
    identify: value => value === false,
    default: true,
    tag: 'tag:yaml.org,2002:bool',
    test: /^(?:N|n|[Nn]o|NO|[Ff]alse|FALSE|[Oo]ff|OFF)$/,
    resolve: () => new Scalar.Scalar(false),
    stringify: boolStringify
};

exports.falseTag = falseTag;
exports.trueTag = trueTag;


/***/ }),

/***/ 5782:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var stringifyNumber = __nccwpck_require__(8689);

const floatNaN = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
    resolve: (str) => str.slice(-3).toLowerCase() === 'nan'
        ? NaN
        : str[0] === '-'
            ? Number.NEGATIVE_INFINITY
            : Number.POSITIVE_INFINITY,
    stringify: stringifyNumber.stringifyNumber
};
const floatExp = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'EXP',
    test: /^[-+]?(?:[0-9][0-9_]*)?(?:\.[0-9_]*)?[eE][-+]?[0-9]+$/,
    resolve: (str) => parseFloat(str.replace(/_/g, '')),
    stringify(node) {
        const num = Number(node.value);
        return isFinite(num) ? num.toExponential() : stringifyNumber.stringifyNumber(node);
    }
};
const float = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    test: /^[-+]?(?:[0-9][0-9_]*)?\.[0-9_]*$/,
    resolve(str) {
        const node = new Scalar.Scalar(parseFloat(str.replace(/_/g, '')));
        const dot = str.indexOf('.');
        if (dot !== -1) {
            const f = str.substring(dot + 1).replace(/_/g, '');
            if (f[f.length - 1] === '0')
                node.minFractionDigits = f.length;
        }
        return node;
    },
    stringify: stringifyNumber.stringifyNumber
};

exports.float = float;
exports.floatExp = floatExp;
exports.floatNaN = floatNaN;


/***/ }),

/***/ 873:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyNumber = __nccwpck_require__(8689);

const intIdentify = (value) => typeof value === 'bigint' || Number.isInteger(value);
function intResolve(str, offset, radix, { intAsBigInt }) {
    const sign = str[0];
    if (sign === '-' || sign === '+')
        offset += 1;
    str = str.substring(offset).replace(/_/g, '');
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
        const n = BigInt(str);
        return sign === '-' ? BigInt(-1) * n : n;
    }
    const n = parseInt(str, radix);
    return sign === '-' ? -1 * n : n;
}
function intStringify(node, radix, prefix) {
    const { value } = node;
    if (intIdentify(value)) {
        const str = value.toString(radix);
        return value < 0 ? '-' + prefix + str.substr(1) : prefix + str;
    }
    return stringifyNumber.stringifyNumber(node);
}
const intBin = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'BIN',
    test: /^[-+]?0b[0-1_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 2, opt),
    stringify: node => intStringify(node, 2, '0b')
};
const intOct = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'OCT',
    test: /^[-+]?0[0-7_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 1, 8, opt),
    stringify: node => intStringify(node, 8, '0')
};
const int = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    test: /^[-+]?[0-9][0-9_]*$/,
    resolve: (str, _onError, opt) => intResolve(str, 0, 10, opt),
    stringify: stringifyNumber.stringifyNumber
};
const intHex = {
    identify: intIdentify,
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'HEX',
    test: /^[-+]?0x[0-9a-fA-F_]+$/,
    resolve: (str, _onError, opt) => intResolve(str, 2, 16, opt),
    stringify: node => intStringify(node, 16, '0x')
};

exports.int = int;
exports.intBin = intBin;
exports.intHex = intHex;
exports.intOct = intOct;


/***/ }),

/***/ 452:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);

// If the value associated with a merge key is a single mapping node, each of
// its key/value pairs is inserted into the current mapping, unless the key
// already exists in it. If the value associated with the merge key is a
// sequence, then this sequence is expected to contain mapping nodes and each
// of these nodes is merged in turn according to its order in the sequence.
// Keys in mapping nodes earlier in the sequence override keys specified in
// later mapping nodes. -- http://yaml.org/type/merge.html
const MERGE_KEY = '<<';
const merge = {
    identify: value => value === MERGE_KEY ||
        (typeof value === 'symbol' && value.description === MERGE_KEY),
    default: 'key',
    tag: 'tag:yaml.org,2002:merge',
    test: /^<<$/,
    resolve: () => Object.assign(new Scalar.Scalar(Symbol(MERGE_KEY)), {
        addToJSMap: addMergeToJSMap
    }),
    stringify: () => MERGE_KEY
};
const isMergeKey = (ctx, key) => (merge.identify(key) ||
    (identity.isScalar(key) &&
        (!key.type || key.type === Scalar.Scalar.PLAIN) &&
        merge.identify(key.value))) &&
    ctx?.doc.schema.tags.some(tag => tag.tag === merge.tag && tag.default);
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
        throw new Error('Merge sources must be maps or map aliases');
    const srcMap = source.toJSON(null, ctx, Map);
    for (const [key, value] of srcMap) {
        if (map instanceof Map) {
            if (!map.has(key))
                map.set(key, value);
        }
        else if (map instanceof Set) {
            map.add(key);
        }
        else if (!Object.prototype.hasOwnProperty.call(map, key)) {
            Object.defineProperty(map, key, {
                value,
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
exports.merge = merge;


/***/ }),

/***/ 303:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var toJS = __nccwpck_require__(4043);
var YAMLMap = __nccwpck_require__(4454);
var YAMLSeq = __nccwpck_require__(2223);
var pairs = __nccwpck_require__(8385);

class YAMLOMap extends YAMLSeq.YAMLSeq {
    constructor() {
        super();
        this.add = YAMLMap.YAMLMap.prototype.add.bind(this);
        this.delete = YAMLMap.YAMLMap.prototype.delete.bind(this);
        this.get = YAMLMap.YAMLMap.prototype.get.bind(this);
        this.has = YAMLMap.YAMLMap.prototype.has.bind(this);
        this.set = YAMLMap.YAMLMap.prototype.set.bind(this);
        this.tag = YAMLOMap.tag;
    }
    /**
     * If `ctx` is given, the return type is actually `Map<unknown, unknown>`,
     * but TypeScript won't allow widening the signature of a child method.
     */
    toJSON(_, ctx) {
        if (!ctx)
            return super.toJSON(_);
        const map = new Map();
        if (ctx?.onCreate)
            ctx.onCreate(map);
        for (const pair of this.items) {
            let key, value;
            if (identity.isPair(pair)) {
                key = toJS.toJS(pair.key, '', ctx);
                value = toJS.toJS(pair.value, key, ctx);
            }
            else {
                key = toJS.toJS(pair, '', ctx);
            }
            if (map.has(key))
                throw new Error('Ordered maps must not include duplicate keys');
            map.set(key, value);
        }
        return map;
    }
    static from(schema, iterable, ctx) {
        const pairs$1 = pairs.createPairs(schema, iterable, ctx);
        const omap = new this();
        omap.items = pairs$1.items;
        return omap;
    }
}
YAMLOMap.tag = 'tag:yaml.org,2002:omap';
const omap = {
    collection: 'seq',
    identify: value => value instanceof Map,
    nodeClass: YAMLOMap,
    default: false,
    tag: 'tag:yaml.org,2002:omap',
    resolve(seq, onError) {
        const pairs$1 = pairs.resolvePairs(seq, onError);
        const seenKeys = [];
        for (const { key } of pairs$1.items) {
            if (identity.isScalar(key)) {
                if (seenKeys.includes(key.value)) {
                    onError(`Ordered maps must not include duplicate keys: ${key.value}`);
                }
                else {
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


/***/ }),

/***/ 8385:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var Scalar = __nccwpck_require__(3301);
var YAMLSeq = __nccwpck_require__(2223);

function resolvePairs(seq, onError) {
    if (identity.isSeq(seq)) {
        for (let i = 0; i < seq.items.length; ++i) {
            let item = seq.items[i];
            if (identity.isPair(item))
                continue;
            else if (identity.isMap(item)) {
                if (item.items.length > 1)
                    onError('Each pair must have its own sequence indicator');
                const pair = item.items[0] || new Pair.Pair(new Scalar.Scalar(null));
                if (item.commentBefore)
                    pair.key.commentBefore = pair.key.commentBefore
                        ? `${item.commentBefore}\n${pair.key.commentBefore}`
                        : item.commentBefore;
                if (item.comment) {
                    const cn = pair.value ?? pair.key;
                    cn.comment = cn.comment
                        ? `${item.comment}\n${cn.comment}`
                        : item.comment;
                }
                item = pair;
            }
            seq.items[i] = identity.isPair(item) ? item : new Pair.Pair(item);
        }
    }
    else
        onError('Expected a sequence for this tag');
    return seq;
}
function createPairs(schema, iterable, ctx) {
    const { replacer } = ctx;
    const pairs = new YAMLSeq.YAMLSeq(schema);
    pairs.tag = 'tag:yaml.org,2002:pairs';
    let i = 0;
    if (iterable && Symbol.iterator in Object(iterable))
        for (let it of iterable) {
            if (typeof replacer === 'function')
                it = replacer.call(iterable, String(i++), it);
            let key, value;
            if (Array.isArray(it)) {
                if (it.length === 2) {
                    key = it[0];
                    value = it[1];
                }
                else
                    throw new TypeError(`Expected [key, value] tuple: ${it}`);
            }
            else if (it && it instanceof Object) {
                const keys = Object.keys(it);
                if (keys.length === 1) {
                    key = keys[0];
                    value = it[key];
                }
                else {
                    throw new TypeError(`Expected tuple with one key, not ${keys.length} keys`);
                }
            }
            else {
                key = it;
            }
            pairs.items.push(Pair.createPair(key, value, ctx));
        }
    return pairs;
}
const pairs = {
    collection: 'seq',
    default: false,
    tag: 'tag:yaml.org,2002:pairs',
    resolve: resolvePairs,
    createNode: createPairs
};

exports.createPairs = createPairs;
exports.pairs = pairs;
exports.resolvePairs = resolvePairs;


/***/ }),

/***/ 5913:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var map = __nccwpck_require__(7451);
var _null = __nccwpck_require__(3632);
var seq = __nccwpck_require__(1706);
var string = __nccwpck_require__(6464);
var binary = __nccwpck_require__(6083);
var bool = __nccwpck_require__(8398);
var float = __nccwpck_require__(5782);
var int = __nccwpck_require__(873);
var merge = __nccwpck_require__(452);
var omap = __nccwpck_require__(303);
var pairs = __nccwpck_require__(8385);
var set = __nccwpck_require__(1528);
var timestamp = __nccwpck_require__(6752);

const schema = [
    map.map,
    seq.seq,
    string.string,
    _null.nullTag,
    bool.trueTag,
    bool.falseTag,
    int.intBin,
    int.intOct,
    int.int,
    int.intHex,
    float.floatNaN,
    float.floatExp,
    float.float,
    binary.binary,
    merge.merge,
    omap.omap,
    pairs.pairs,
    set.set,
    timestamp.intTime,
    timestamp.floatTime,
    timestamp.timestamp
];

exports.schema = schema;


/***/ }),

/***/ 1528:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Pair = __nccwpck_require__(7165);
var YAMLMap = __nccwpck_require__(4454);

class YAMLSet extends YAMLMap.YAMLMap {
    constructor(schema) {
        super(schema);
        this.tag = YAMLSet.tag;
    }
    add(key) {
        let pair;
        if (identity.isPair(key))
            pair = key;
        else if (key &&
            typeof key === 'object' &&
            'key' in key &&
            'value' in key &&
            key.value === null)
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
        return !keepPair && identity.isPair(pair)
            ? identity.isScalar(pair.key)
                ? pair.key.value
                : pair.key
            : pair;
    }
    set(key, value) {
        if (typeof value !== 'boolean')
            throw new Error(`Expected boolean value for set(key, value) in a YAML set, not ${typeof value}`);
        const prev = YAMLMap.findPair(this.items, key);
        if (prev && !value) {
            this.items.splice(this.items.indexOf(prev), 1);
        }
        else if (!prev && value) {
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
            throw new Error('Set items must all have null values');
    }
    static from(schema, iterable, ctx) {
        const { replacer } = ctx;
        const set = new this(schema);
        if (iterable && Symbol.iterator in Object(iterable))
            for (let value of iterable) {
                if (typeof replacer === 'function')
                    value = replacer.call(iterable, value, value);
                set.items.push(Pair.createPair(value, null, ctx));
            }
        return set;
    }
}
YAMLSet.tag = 'tag:yaml.org,2002:set';
const set = {
    collection: 'map',
    identify: value => value instanceof Set,
    nodeClass: YAMLSet,
    default: false,
    tag: 'tag:yaml.org,2002:set',
    createNode: (schema, iterable, ctx) => YAMLSet.from(schema, iterable, ctx),
    resolve(map, onError) {
        if (identity.isMap(map)) {
            if (map.hasAllNullValues(true))
                return Object.assign(new YAMLSet(), map);
            else
                onError('Set items must all have null values');
        }
        else
            onError('Expected a mapping for this tag');
        return map;
    }
};

exports.YAMLSet = YAMLSet;
exports.set = set;


/***/ }),

/***/ 6752:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var stringifyNumber = __nccwpck_require__(8689);

/** Internal types handle bigint as number, because TS can't figure it out. */
function parseSexagesimal(str, asBigInt) {
    const sign = str[0];
    const parts = sign === '-' || sign === '+' ? str.substring(1) : str;
    const num = (n) => asBigInt ? BigInt(n) : Number(n);
    const res = parts
        .replace(/_/g, '')
        .split(':')
        .reduce((res, p) => res * num(60) + num(p), num(0));
    return (sign === '-' ? num(-1) * res : res);
}
/**
 * hhhh:mm:ss.sss
 *
 * Internal types handle bigint as number, because TS can't figure it out.
 */
function stringifySexagesimal(node) {
    let { value } = node;
    let num = (n) => n;
    if (typeof value === 'bigint')
        num = n => BigInt(n);
    else if (isNaN(value) || !isFinite(value))
        return stringifyNumber.stringifyNumber(node);
    let sign = '';
    if (value < 0) {
        sign = '-';
        value *= num(-1);
    }
    const _60 = num(60);
    const parts = [value % _60]; // seconds, including ms
    if (value < 60) {
        parts.unshift(0); // at least one : is required
    }
    else {
        value = (value - parts[0]) / _60;
        parts.unshift(value % _60); // minutes
        if (value >= 60) {
            value = (value - parts[0]) / _60;
            parts.unshift(value); // hours
        }
    }
    return (sign +
        parts
            .map(n => String(n).padStart(2, '0'))
            .join(':')
            .replace(/000000\d*$/, '') // % 60 may introduce error
    );
}
const intTime = {
    identify: value => typeof value === 'bigint' || Number.isInteger(value),
    default: true,
    tag: 'tag:yaml.org,2002:int',
    format: 'TIME',
    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$/,
    resolve: (str, _onError, { intAsBigInt }) => parseSexagesimal(str, intAsBigInt),
    stringify: stringifySexagesimal
};
const floatTime = {
    identify: value => typeof value === 'number',
    default: true,
    tag: 'tag:yaml.org,2002:float',
    format: 'TIME',
    test: /^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*$/,
    resolve: str => parseSexagesimal(str, false),
    stringify: stringifySexagesimal
};
const timestamp = {
    identify: value => value instanceof Date,
    default: true,
    tag: 'tag:yaml.org,2002:timestamp',
    // If the time zone is omitted, the timestamp is assumed to be specified in UTC. The time part
    // may be omitted altogether, resulting in a date format. In such a case, the time part is
    // assumed to be 00:00:00Z (start of day, UTC).
    test: RegExp('^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})' + // YYYY-Mm-Dd
        '(?:' + // time is optional
        '(?:t|T|[ \\t]+)' + // t | T | whitespace
        '([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2}(\\.[0-9]+)?)' + // Hh:Mm:Ss(.ss)?
        '(?:[ \\t]*(Z|[-+][012]?[0-9](?::[0-9]{2})?))?' + // Z | +5 | -03:30
        ')?$'),
    resolve(str) {
        const match = str.match(timestamp.test);
        if (!match)
            throw new Error('!!timestamp expects a date, starting with yyyy-mm-dd');
        const [, year, month, day, hour, minute, second] = match.map(Number);
        const millisec = match[7] ? Number((match[7] + '00').substr(1, 3)) : 0;
        let date = Date.UTC(year, month - 1, day, hour || 0, minute || 0, second || 0, millisec);
        const tz = match[8];
        if (tz && tz !== 'Z') {
            let d = parseSexagesimal(tz, false);
            if (Math.abs(d) < 30)
                d *= 60;
            date -= 60000 * d;
        }
        return new Date(date);
    },
    stringify: ({ value }) => value?.toISOString().replace(/(T00:00:00)?\.000Z$/, '') ?? ''
};

exports.floatTime = floatTime;
exports.intTime = intTime;
exports.timestamp = timestamp;


/***/ }),

/***/ 4475:
/***/ ((__unused_webpack_module, exports) => {



const FOLD_FLOW = 'flow';
const FOLD_BLOCK = 'block';
const FOLD_QUOTED = 'quoted';
/**
 * Tries to keep input at up to `lineWidth` characters, splitting only on spaces
 * not followed by newlines or spaces unless `mode` is `'quoted'`. Lines are
 * terminated with `\n` and started with `indent`.
 */
function foldFlowLines(text, indent, mode = 'flow', { indentAtStart, lineWidth = 80, minContentWidth = 20, onFold, onOverflow } = {}) {
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
    if (typeof indentAtStart === 'number') {
        if (indentAtStart > lineWidth - Math.max(2, minContentWidth))
            folds.push(0);
        else
            end = lineWidth - indentAtStart;
    }
    let split = undefined;
    let prev = undefined;
    let overflow = false;
    let i = -1;
    let escStart = -1;
    let escEnd = -1;
    if (mode === FOLD_BLOCK) {
        i = consumeMoreIndentedLines(text, i, indent.length);
        if (i !== -1)
            end = i + endStep;
    }
    for (let ch; (ch = text[(i += 1)]);) {
        if (mode === FOLD_QUOTED && ch === '\\') {
            escStart = i;
            switch (text[i + 1]) {
                case 'x':
                    i += 3;
                    break;
                case 'u':
                    i += 5;
                    break;
                case 'U':
                    i += 9;
                    break;
                default:
                    i += 1;
            }
            escEnd = i;
        }
        if (ch === '\n') {
            if (mode === FOLD_BLOCK)
                i = consumeMoreIndentedLines(text, i, indent.length);
            end = i + indent.length + endStep;
            split = undefined;
        }
        else {
            if (ch === ' ' &&
                prev &&
                prev !== ' ' &&
                prev !== '\n' &&
                prev !== '\t') {
                // space surrounded by non-space can be replaced with newline + indent
                const next = text[i + 1];
                if (next && next !== ' ' && next !== '\n' && next !== '\t')
                    split = i;
            }
            if (i >= end) {
                if (split) {
                    folds.push(split);
                    end = split + endStep;
                    split = undefined;
                }
                else if (mode === FOLD_QUOTED) {
                    // white-space collected at end may stretch past lineWidth
                    while (prev === ' ' || prev === '\t') {
                        prev = ch;
                        ch = text[(i += 1)];
                        overflow = true;
                    }
                    // Account for newline escape, but don't break preceding escape
                    const j = i > escEnd + 1 ? i - 2 : escStart - 1;
                    // Bail out if lineWidth & minContentWidth are shorter than an escape string
                    if (escapedFolds[j])
                        return text;
                    folds.push(j);
                    escapedFolds[j] = true;
                    end = j + endStep;
                    split = undefined;
                }
                else {
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
    for (let i = 0; i < folds.length; ++i) {
        const fold = folds[i];
        const end = folds[i + 1] || text.length;
        if (fold === 0)
            res = `\n${indent}${text.slice(0, end)}`;
        else {
            if (mode === FOLD_QUOTED && escapedFolds[fold])
                res += `${text[fold]}\\`;
            res += `\n${indent}${text.slice(fold + 1, end)}`;
        }
    }
    return res;
}
/**
 * Presumes `i + 1` is at the start of a line
 * @returns index of last newline in more-indented block
 */
function consumeMoreIndentedLines(text, i, indent) {
    let end = i;
    let start = i + 1;
    let ch = text[start];
    while (ch === ' ' || ch === '\t') {
        if (i < start + indent) {
            ch = text[++i];
        }
        else {
            do {
                ch = text[++i];
            } while (ch && ch !== '\n');
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


/***/ }),

/***/ 2148:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var anchors = __nccwpck_require__(1596);
var identity = __nccwpck_require__(1127);
var stringifyComment = __nccwpck_require__(9799);
var stringifyString = __nccwpck_require__(3069);

function createStringifyContext(doc, options) {
    const opt = Object.assign({
        blockQuote: true,
        commentString: stringifyComment.stringifyComment,
        defaultKeyType: null,
        defaultStringType: 'PLAIN',
        directives: null,
        doubleQuotedAsJSON: false,
        doubleQuotedMinMultiLineLength: 40,
        falseStr: 'false',
        flowCollectionPadding: true,
        indentSeq: true,
        lineWidth: 80,
        minContentWidth: 20,
        nullStr: 'null',
        simpleKeys: false,
        singleQuote: null,
        trailingComma: false,
        trueStr: 'true',
        verifyAliasOrder: true
    }, doc.schema.toStringOptions, options);
    let inFlow;
    switch (opt.collectionStyle) {
        case 'block':
            inFlow = false;
            break;
        case 'flow':
            inFlow = true;
            break;
        default:
            inFlow = null;
    }
    return {
        anchors: new Set(),
        doc,
        flowCollectionPadding: opt.flowCollectionPadding ? ' ' : '',
        indent: '',
        indentStep: typeof opt.indent === 'number' ? ' '.repeat(opt.indent) : '  ',
        inFlow,
        options: opt
    };
}
function getTagObject(tags, item) {
    if (item.tag) {
        const match = tags.filter(t => t.tag === item.tag);
        if (match.length > 0)
            return match.find(t => t.format === item.format) ?? match[0];
    }
    let tagObj = undefined;
    let obj;
    if (identity.isScalar(item)) {
        obj = item.value;
        let match = tags.filter(t => t.identify?.(obj));
        if (match.length > 1) {
            const testMatch = match.filter(t => t.test);
            if (testMatch.length > 0)
                match = testMatch;
        }
        tagObj =
            match.find(t => t.format === item.format) ?? match.find(t => !t.format);
    }
    else {
        obj = item;
        tagObj = tags.find(t => t.nodeClass && obj instanceof t.nodeClass);
    }
    if (!tagObj) {
        const name = obj?.constructor?.name ?? (obj === null ? 'null' : typeof obj);
        throw new Error(`Tag not resolved for ${name} value`);
    }
    return tagObj;
}
// needs to be called before value stringifier to allow for circular anchor refs
function stringifyProps(node, tagObj, { anchors: anchors$1, doc }) {
    if (!doc.directives)
        return '';
    const props = [];
    const anchor = (identity.isScalar(node) || identity.isCollection(node)) && node.anchor;
    if (anchor && anchors.anchorIsValid(anchor)) {
        anchors$1.add(anchor);
        props.push(`&${anchor}`);
    }
    const tag = node.tag ?? (tagObj.default ? null : tagObj.tag);
    if (tag)
        props.push(doc.directives.tagString(tag));
    return props.join(' ');
}
function stringify(item, ctx, onComment, onChompKeep) {
    if (identity.isPair(item))
        return item.toString(ctx, onComment, onChompKeep);
    if (identity.isAlias(item)) {
        if (ctx.doc.directives)
            return item.toString(ctx);
        if (ctx.resolvedAliases?.has(item)) {
            throw new TypeError(`Cannot stringify circular structure without alias nodes`);
        }
        else {
            if (ctx.resolvedAliases)
                ctx.resolvedAliases.add(item);
            else
                ctx.resolvedAliases = new Set([item]);
            item = item.resolve(ctx.doc);
        }
    }
    let tagObj = undefined;
    const node = identity.isNode(item)
        ? item
        : ctx.doc.createNode(item, { onTagObj: o => (tagObj = o) });
    tagObj ?? (tagObj = getTagObject(ctx.doc.schema.tags, node));
    const props = stringifyProps(node, tagObj, ctx);
    if (props.length > 0)
        ctx.indentAtStart = (ctx.indentAtStart ?? 0) + props.length + 1;
    const str = typeof tagObj.stringify === 'function'
        ? tagObj.stringify(node, ctx, onComment, onChompKeep)
        : identity.isScalar(node)
            ? stringifyString.stringifyString(node, ctx, onComment, onChompKeep)
            : node.toString(ctx, onComment, onChompKeep);
    if (!props)
        return str;
    return identity.isScalar(node) || str[0] === '{' || str[0] === '['
        ? `${props} ${str}`
        : `${props}\n${ctx.indent}${str}`;
}

exports.createStringifyContext = createStringifyContext;
exports.stringify = stringify;


/***/ }),

/***/ 1212:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var stringify = __nccwpck_require__(2148);
var stringifyComment = __nccwpck_require__(9799);

function stringifyCollection(collection, ctx, options) {
    const flow = ctx.inFlow ?? collection.flow;
    const stringify = flow ? stringifyFlowCollection : stringifyBlockCollection;
    return stringify(collection, ctx, options);
}
function stringifyBlockCollection({ comment, items }, ctx, { blockItemPrefix, flowChars, itemIndent, onChompKeep, onComment }) {
    const { indent, options: { commentString } } = ctx;
    const itemCtx = Object.assign({}, ctx, { indent: itemIndent, type: null });
    let chompKeep = false; // flag for the preceding node's status
    const lines = [];
    for (let i = 0; i < items.length; ++i) {
        const item = items[i];
        let comment = null;
        if (identity.isNode(item)) {
            if (!chompKeep && item.spaceBefore)
                lines.push('');
            addCommentBefore(ctx, lines, item.commentBefore, chompKeep);
            if (item.comment)
                comment = item.comment;
        }
        else if (identity.isPair(item)) {
            const ik = identity.isNode(item.key) ? item.key : null;
            if (ik) {
                if (!chompKeep && ik.spaceBefore)
                    lines.push('');
                addCommentBefore(ctx, lines, ik.commentBefore, chompKeep);
            }
        }
        chompKeep = false;
        let str = stringify.stringify(item, itemCtx, () => (comment = null), () => (chompKeep = true));
        if (comment)
            str += stringifyComment.lineComment(str, itemIndent, commentString(comment));
        if (chompKeep && comment)
            chompKeep = false;
        lines.push(blockItemPrefix + str);
    }
    let str;
    if (lines.length === 0) {
        str = flowChars.start + flowChars.end;
    }
    else {
        str = lines[0];
        for (let i = 1; i < lines.length; ++i) {
            const line = lines[i];
            str += line ? `\n${indent}${line}` : '\n';
        }
    }
    if (comment) {
        str += '\n' + stringifyComment.indentComment(commentString(comment), indent);
        if (onComment)
            onComment();
    }
    else if (chompKeep && onChompKeep)
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
                lines.push('');
            addCommentBefore(ctx, lines, item.commentBefore, false);
            if (item.comment)
                comment = item.comment;
        }
        else if (identity.isPair(item)) {
            const ik = identity.isNode(item.key) ? item.key : null;
            if (ik) {
                if (ik.spaceBefore)
                    lines.push('');
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
            }
            else if (item.value == null && ik?.comment) {
                comment = ik.comment;
            }
        }
        if (comment)
            reqNewline = true;
        let str = stringify.stringify(item, itemCtx, () => (comment = null));
        reqNewline || (reqNewline = lines.length > linesAtValue || str.includes('\n'));
        if (i < items.length - 1) {
            str += ',';
        }
        else if (ctx.options.trailingComma) {
            if (ctx.options.lineWidth > 0) {
                reqNewline || (reqNewline = lines.reduce((sum, line) => sum + line.length + 2, 2) +
                    (str.length + 2) >
                    ctx.options.lineWidth);
            }
            if (reqNewline) {
                str += ',';
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
    }
    else {
        if (!reqNewline) {
            const len = lines.reduce((sum, line) => sum + line.length + 2, 2);
            reqNewline = ctx.options.lineWidth > 0 && len > ctx.options.lineWidth;
        }
        if (reqNewline) {
            let str = start;
            for (const line of lines)
                str += line ? `\n${indentStep}${indent}${line}` : '\n';
            return `${str}\n${indent}${end}`;
        }
        else {
            return `${start}${fcPadding}${lines.join(' ')}${fcPadding}${end}`;
        }
    }
}
function addCommentBefore({ indent, options: { commentString } }, lines, comment, chompKeep) {
    if (comment && chompKeep)
        comment = comment.replace(/^\n+/, '');
    if (comment) {
        const ic = stringifyComment.indentComment(commentString(comment), indent);
        lines.push(ic.trimStart()); // Avoid double indent on first line
    }
}

exports.stringifyCollection = stringifyCollection;


/***/ }),

/***/ 9799:
/***/ ((__unused_webpack_module, exports) => {



/**
 * Stringifies a comment.
 *
 * Empty comment lines are left empty,
 * lines consisting of a single space are replaced by `#`,
 * and all other lines are prefixed with a `#`.
 */
const stringifyComment = (str) => str.replace(/^(?!$)(?: $)?/gm, '#');
function indentComment(comment, indent) {
    if (/^\n+$/.test(comment))
        return comment.substring(1);
    return indent ? comment.replace(/^(?! *$)/gm, indent) : comment;
}
const lineComment = (str, indent, comment) => str.endsWith('\n')
    ? indentComment(comment, indent)
    : comment.includes('\n')
        ? '\n' + indentComment(comment, indent)
        : (str.endsWith(' ') ? '' : ' ') + comment;

exports.indentComment = indentComment;
exports.lineComment = lineComment;
exports.stringifyComment = stringifyComment;


/***/ }),

/***/ 9210:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var stringify = __nccwpck_require__(2148);
var stringifyComment = __nccwpck_require__(9799);

function stringifyDocument(doc, options) {
    const lines = [];
    let hasDirectives = options.directives === true;
    if (options.directives !== false && doc.directives) {
        const dir = doc.directives.toString(doc);
        if (dir) {
            lines.push(dir);
            hasDirectives = true;
        }
        else if (doc.directives.docStart)
            hasDirectives = true;
    }
    if (hasDirectives)
        lines.push('---');
    const ctx = stringify.createStringifyContext(doc, options);
    const { commentString } = ctx.options;
    if (doc.commentBefore) {
        if (lines.length !== 1)
            lines.unshift('');
        const cs = commentString(doc.commentBefore);
        lines.unshift(stringifyComment.indentComment(cs, ''));
    }
    let chompKeep = false;
    let contentComment = null;
    if (doc.contents) {
        if (identity.isNode(doc.contents)) {
            if (doc.contents.spaceBefore && hasDirectives)
                lines.push('');
            if (doc.contents.commentBefore) {
                const cs = commentString(doc.contents.commentBefore);
                lines.push(stringifyComment.indentComment(cs, ''));
            }
            // top-level block scalars need to be indented if followed by a comment
            ctx.forceBlockIndent = !!doc.comment;
            contentComment = doc.contents.comment;
        }
        const onChompKeep = contentComment ? undefined : () => (chompKeep = true);
        let body = stringify.stringify(doc.contents, ctx, () => (contentComment = null), onChompKeep);
        if (contentComment)
            body += stringifyComment.lineComment(body, '', commentString(contentComment));
        if ((body[0] === '|' || body[0] === '>') &&
            lines[lines.length - 1] === '---') {
            // Top-level block scalars with a preceding doc marker ought to use the
            // same line for their header.
            lines[lines.length - 1] = `--- ${body}`;
        }
        else
            lines.push(body);
    }
    else {
        lines.push(stringify.stringify(doc.contents, ctx));
    }
    if (doc.directives?.docEnd) {
        if (doc.comment) {
            const cs = commentString(doc.comment);
            if (cs.includes('\n')) {
                lines.push('...');
                lines.push(stringifyComment.indentComment(cs, ''));
            }
            else {
                lines.push(`... ${cs}`);
            }
        }
        else {
            lines.push('...');
        }
    }
    else {
        let dc = doc.comment;
        if (dc && chompKeep)
            dc = dc.replace(/^\n+/, '');
        if (dc) {
            if ((!chompKeep || contentComment) && lines[lines.length - 1] !== '')
                lines.push('');
            lines.push(stringifyComment.indentComment(commentString(dc), ''));
        }
    }
    return lines.join('\n') + '\n';
}

exports.stringifyDocument = stringifyDocument;


/***/ }),

/***/ 8689:
/***/ ((__unused_webpack_module, exports) => {



function stringifyNumber({ format, minFractionDigits, tag, value }) {
    if (typeof value === 'bigint')
        return String(value);
    const num = typeof value === 'number' ? value : Number(value);
    if (!isFinite(num))
        return isNaN(num) ? '.nan' : num < 0 ? '-.inf' : '.inf';
    let n = Object.is(value, -0) ? '-0' : JSON.stringify(value);
    if (!format &&
        minFractionDigits &&
        (!tag || tag === 'tag:yaml.org,2002:float') &&
        /^-?\d/.test(n) &&
        !n.includes('e')) {
        let i = n.indexOf('.');
        if (i < 0) {
            i = n.length;
            n += '.';
        }
        let d = minFractionDigits - (n.length - i - 1);
        while (d-- > 0)
            n += '0';
    }
    return n;
}

exports.stringifyNumber = stringifyNumber;


/***/ }),

/***/ 9748:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);
var Scalar = __nccwpck_require__(3301);
var stringify = __nccwpck_require__(2148);
var stringifyComment = __nccwpck_require__(9799);

function stringifyPair({ key, value }, ctx, onComment, onChompKeep) {
    const { allNullValues, doc, indent, indentStep, options: { commentString, indentSeq, simpleKeys } } = ctx;
    let keyComment = (identity.isNode(key) && key.comment) || null;
    if (simpleKeys) {
        if (keyComment) {
            throw new Error('With simple keys, key nodes cannot have comments');
        }
        if (identity.isCollection(key) || (!identity.isNode(key) && typeof key === 'object')) {
            const msg = 'With simple keys, collection cannot be used as a key value';
            throw new Error(msg);
        }
    }
    let explicitKey = !simpleKeys &&
        (!key ||
            (keyComment && value == null && !ctx.inFlow) ||
            identity.isCollection(key) ||
            (identity.isScalar(key)
                ? key.type === Scalar.Scalar.BLOCK_FOLDED || key.type === Scalar.Scalar.BLOCK_LITERAL
                : typeof key === 'object'));
    ctx = Object.assign({}, ctx, {
        allNullValues: false,
        implicitKey: !explicitKey && (simpleKeys || !allNullValues),
        indent: indent + indentStep
    });
    let keyCommentDone = false;
    let chompKeep = false;
    let str = stringify.stringify(key, ctx, () => (keyCommentDone = true), () => (chompKeep = true));
    if (!explicitKey && !ctx.inFlow && str.length > 1024) {
        if (simpleKeys)
            throw new Error('With simple keys, single line scalar must not span more than 1024 characters');
        explicitKey = true;
    }
    if (ctx.inFlow) {
        if (allNullValues || value == null) {
            if (keyCommentDone && onComment)
                onComment();
            return str === '' ? '?' : explicitKey ? `? ${str}` : str;
        }
    }
    else if ((allNullValues && !simpleKeys) || (value == null && explicitKey)) {
        str = `? ${str}`;
        if (keyComment && !keyCommentDone) {
            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        }
        else if (chompKeep && onChompKeep)
            onChompKeep();
        return str;
    }
    if (keyCommentDone)
        keyComment = null;
    if (explicitKey) {
        if (keyComment)
            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
        str = `? ${str}\n${indent}:`;
    }
    else {
        str = `${str}:`;
        if (keyComment)
            str += stringifyComment.lineComment(str, ctx.indent, commentString(keyComment));
    }
    let vsb, vcb, valueComment;
    if (identity.isNode(value)) {
        vsb = !!value.spaceBefore;
        vcb = value.commentBefore;
        valueComment = value.comment;
    }
    else {
        vsb = false;
        vcb = null;
        valueComment = null;
        if (value && typeof value === 'object')
            value = doc.createNode(value);
    }
    ctx.implicitKey = false;
    if (!explicitKey && !keyComment && identity.isScalar(value))
        ctx.indentAtStart = str.length + 1;
    chompKeep = false;
    if (!indentSeq &&
        indentStep.length >= 2 &&
        !ctx.inFlow &&
        !explicitKey &&
        identity.isSeq(value) &&
        !value.flow &&
        !value.tag &&
        !value.anchor) {
        // If indentSeq === false, consider '- ' as part of indentation where possible
        ctx.indent = ctx.indent.substring(2);
    }
    let valueCommentDone = false;
    const valueStr = stringify.stringify(value, ctx, () => (valueCommentDone = true), () => (chompKeep = true));
    let ws = ' ';
    if (keyComment || vsb || vcb) {
        ws = vsb ? '\n' : '';
        if (vcb) {
            const cs = commentString(vcb);
            ws += `\n${stringifyComment.indentComment(cs, ctx.indent)}`;
        }
        if (valueStr === '' && !ctx.inFlow) {
            if (ws === '\n' && valueComment)
                ws = '\n\n';
        }
        else {
            ws += `\n${ctx.indent}`;
        }
    }
    else if (!explicitKey && identity.isCollection(value)) {
        const vs0 = valueStr[0];
        const nl0 = valueStr.indexOf('\n');
        const hasNewline = nl0 !== -1;
        const flow = ctx.inFlow ?? value.flow ?? value.items.length === 0;
        if (hasNewline || !flow) {
            let hasPropsLine = false;
            if (hasNewline && (vs0 === '&' || vs0 === '!')) {
                let sp0 = valueStr.indexOf(' ');
                if (vs0 === '&' &&
                    sp0 !== -1 &&
                    sp0 < nl0 &&
                    valueStr[sp0 + 1] === '!') {
                    sp0 = valueStr.indexOf(' ', sp0 + 1);
                }
                if (sp0 === -1 || nl0 < sp0)
                    hasPropsLine = true;
            }
            if (!hasPropsLine)
                ws = `\n${ctx.indent}`;
        }
    }
    else if (valueStr === '' || valueStr[0] === '\n') {
        ws = '';
    }
    str += ws + valueStr;
    if (ctx.inFlow) {
        if (valueCommentDone && onComment)
            onComment();
    }
    else if (valueComment && !valueCommentDone) {
        str += stringifyComment.lineComment(str, ctx.indent, commentString(valueComment));
    }
    else if (chompKeep && onChompKeep) {
        onChompKeep();
    }
    return str;
}

exports.stringifyPair = stringifyPair;


/***/ }),

/***/ 3069:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var Scalar = __nccwpck_require__(3301);
var foldFlowLines = __nccwpck_require__(4475);

const getFoldOptions = (ctx, isBlock) => ({
    indentAtStart: isBlock ? ctx.indent.length : ctx.indentAtStart,
    lineWidth: ctx.options.lineWidth,
    minContentWidth: ctx.options.minContentWidth
});
// Also checks for lines starting with %, as parsing the output as YAML 1.1 will
// presume that's starting a new document.
const containsDocumentMarker = (str) => /^(%|---|\.\.\.)/m.test(str);
function lineLengthOverLimit(str, lineWidth, indentLength) {
    if (!lineWidth || lineWidth < 0)
        return false;
    const limit = lineWidth - indentLength;
    const strLen = str.length;
    if (strLen <= limit)
        return false;
    for (let i = 0, start = 0; i < strLen; ++i) {
        if (str[i] === '\n') {
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
    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
    let str = '';
    let start = 0;
    for (let i = 0, ch = json[i]; ch; ch = json[++i]) {
        if (ch === ' ' && json[i + 1] === '\\' && json[i + 2] === 'n') {
            // space before newline needs to be escaped to not be folded
            str += json.slice(start, i) + '\\ ';
            i += 1;
            start = i;
            ch = '\\';
        }
        if (ch === '\\')
            switch (json[i + 1]) {
                case 'u':
                    {
                        str += json.slice(start, i);
                        const code = json.substr(i + 2, 4);
                        switch (code) {
                            case '0000':
                                str += '\\0';
                                break;
                            case '0007':
                                str += '\\a';
                                break;
                            case '000b':
                                str += '\\v';
                                break;
                            case '001b':
                                str += '\\e';
                                break;
                            case '0085':
                                str += '\\N';
                                break;
                            case '00a0':
                                str += '\\_';
                                break;
                            case '2028':
                                str += '\\L';
                                break;
                            case '2029':
                                str += '\\P';
                                break;
                            default:
                                if (code.substr(0, 2) === '00')
                                    str += '\\x' + code.substr(2);
                                else
                                    str += json.substr(i, 6);
                        }
                        i += 5;
                        start = i + 1;
                    }
                    break;
                case 'n':
                    if (implicitKey ||
                        json[i + 2] === '"' ||
                        json.length < minMultiLineLength) {
                        i += 1;
                    }
                    else {
                        // folding will eat first newline
                        str += json.slice(start, i) + '\n\n';
                        while (json[i + 2] === '\\' &&
                            json[i + 3] === 'n' &&
                            json[i + 4] !== '"') {
                            str += '\n';
                            i += 2;
                        }
                        str += indent;
                        // space after newline needs to be escaped to not be folded
                        if (json[i + 2] === ' ')
                            str += '\\';
                        i += 1;
                        start = i + 1;
                    }
                    break;
                default:
                    i += 1;
            }
    }
    str = start ? str + json.slice(start) : json;
    return implicitKey
        ? str
        : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_QUOTED, getFoldOptions(ctx, false));
}
function singleQuotedString(value, ctx) {
    if (ctx.options.singleQuote === false ||
        (ctx.implicitKey && value.includes('\n')) ||
        /[ \t]\n|\n[ \t]/.test(value) // single quoted string can't have leading or trailing whitespace around newline
    )
        return doubleQuotedString(value, ctx);
    const indent = ctx.indent || (containsDocumentMarker(value) ? '  ' : '');
    const res = "'" + value.replace(/'/g, "''").replace(/\n+/g, `$&\n${indent}`) + "'";
    return ctx.implicitKey
        ? res
        : foldFlowLines.foldFlowLines(res, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
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
// The negative lookbehind avoids a polynomial search,
// but isn't supported yet on Safari: https://caniuse.com/js-regexp-lookbehind
let blockEndNewlines;
try {
    blockEndNewlines = new RegExp('(^|(?<!\n))\n+(?!\n|$)', 'g');
}
catch {
    blockEndNewlines = /\n+(?!\n|$)/g;
}
function blockString({ comment, type, value }, ctx, onComment, onChompKeep) {
    const { blockQuote, commentString, lineWidth } = ctx.options;
    // 1. Block can't end in whitespace unless the last line is non-empty.
    // 2. Strings consisting of only whitespace are best rendered explicitly.
    if (!blockQuote || /\n[\t ]+$/.test(value)) {
        return quotedString(value, ctx);
    }
    const indent = ctx.indent ||
        (ctx.forceBlockIndent || containsDocumentMarker(value) ? '  ' : '');
    const literal = blockQuote === 'literal'
        ? true
        : blockQuote === 'folded' || type === Scalar.Scalar.BLOCK_FOLDED
            ? false
            : type === Scalar.Scalar.BLOCK_LITERAL
                ? true
                : !lineLengthOverLimit(value, lineWidth, indent.length);
    if (!value)
        return literal ? '|\n' : '>\n';
    // determine chomping from whitespace at value end
    let chomp;
    let endStart;
    for (endStart = value.length; endStart > 0; --endStart) {
        const ch = value[endStart - 1];
        if (ch !== '\n' && ch !== '\t' && ch !== ' ')
            break;
    }
    let end = value.substring(endStart);
    const endNlPos = end.indexOf('\n');
    if (endNlPos === -1) {
        chomp = '-'; // strip
    }
    else if (value === end || endNlPos !== end.length - 1) {
        chomp = '+'; // keep
        if (onChompKeep)
            onChompKeep();
    }
    else {
        chomp = ''; // clip
    }
    if (end) {
        value = value.slice(0, -end.length);
        if (end[end.length - 1] === '\n')
            end = end.slice(0, -1);
        end = end.replace(blockEndNewlines, `$&${indent}`);
    }
    // determine indent indicator from whitespace at value start
    let startWithSpace = false;
    let startEnd;
    let startNlPos = -1;
    for (startEnd = 0; startEnd < value.length; ++startEnd) {
        const ch = value[startEnd];
        if (ch === ' ')
            startWithSpace = true;
        else if (ch === '\n')
            startNlPos = startEnd;
        else
            break;
    }
    let start = value.substring(0, startNlPos < startEnd ? startNlPos + 1 : startEnd);
    if (start) {
        value = value.substring(start.length);
        start = start.replace(/\n+/g, `$&${indent}`);
    }
    const indentSize = indent ? '2' : '1'; // root is at -1
    // Leading | or > is added later
    let header = (startWithSpace ? indentSize : '') + chomp;
    if (comment) {
        header += ' ' + commentString(comment.replace(/ ?[\r\n]+/g, ' '));
        if (onComment)
            onComment();
    }
    if (!literal) {
        const foldedValue = value
            .replace(/\n+/g, '\n$&')
            .replace(/(?:^|\n)([\t ].*)(?:([\n\t ]*)\n(?![\n\t ]))?/g, '$1$2') // more-indented lines aren't folded
            //                ^ more-ind. ^ empty     ^ capture next empty lines only at end of indent
            .replace(/\n+/g, `$&${indent}`);
        let literalFallback = false;
        const foldOptions = getFoldOptions(ctx, true);
        if (blockQuote !== 'folded' && type !== Scalar.Scalar.BLOCK_FOLDED) {
            foldOptions.onOverflow = () => {
                literalFallback = true;
            };
        }
        const body = foldFlowLines.foldFlowLines(`${start}${foldedValue}${end}`, indent, foldFlowLines.FOLD_BLOCK, foldOptions);
        if (!literalFallback)
            return `>${header}\n${indent}${body}`;
    }
    value = value.replace(/\n+/g, `$&${indent}`);
    return `|${header}\n${indent}${start}${value}${end}`;
}
function plainString(item, ctx, onComment, onChompKeep) {
    const { type, value } = item;
    const { actualString, implicitKey, indent, indentStep, inFlow } = ctx;
    if ((implicitKey && value.includes('\n')) ||
        (inFlow && /[[\]{},]/.test(value))) {
        return quotedString(value, ctx);
    }
    if (/^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/.test(value)) {
        // not allowed:
        // - '-' or '?'
        // - start with an indicator character (except [?:-]) or /[?-] /
        // - '\n ', ': ' or ' \n' anywhere
        // - '#' not preceded by a non-space char
        // - end with ' ' or ':'
        return implicitKey || inFlow || !value.includes('\n')
            ? quotedString(value, ctx)
            : blockString(item, ctx, onComment, onChompKeep);
    }
    if (!implicitKey &&
        !inFlow &&
        type !== Scalar.Scalar.PLAIN &&
        value.includes('\n')) {
        // Where allowed & type not set explicitly, prefer block style for multiline strings
        return blockString(item, ctx, onComment, onChompKeep);
    }
    if (containsDocumentMarker(value)) {
        if (indent === '') {
            ctx.forceBlockIndent = true;
            return blockString(item, ctx, onComment, onChompKeep);
        }
        else if (implicitKey && indent === indentStep) {
            return quotedString(value, ctx);
        }
    }
    const str = value.replace(/\n+/g, `$&\n${indent}`);
    // Verify that output will be parsed as a string, as e.g. plain numbers and
    // booleans get parsed with those types in v1.2 (e.g. '42', 'true' & '0.9e-3'),
    // and others in v1.1.
    if (actualString) {
        const test = (tag) => tag.default && tag.tag !== 'tag:yaml.org,2002:str' && tag.test?.test(str);
        const { compat, tags } = ctx.doc.schema;
        if (tags.some(test) || compat?.some(test))
            return quotedString(value, ctx);
    }
    return implicitKey
        ? str
        : foldFlowLines.foldFlowLines(str, indent, foldFlowLines.FOLD_FLOW, getFoldOptions(ctx, false));
}
function stringifyString(item, ctx, onComment, onChompKeep) {
    const { implicitKey, inFlow } = ctx;
    const ss = typeof item.value === 'string'
        ? item
        : Object.assign({}, item, { value: String(item.value) });
    let { type } = item;
    if (type !== Scalar.Scalar.QUOTE_DOUBLE) {
        // force double quotes on control characters & unpaired surrogates
        if (/[\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]/u.test(ss.value))
            type = Scalar.Scalar.QUOTE_DOUBLE;
    }
    const _stringify = (_type) => {
        switch (_type) {
            case Scalar.Scalar.BLOCK_FOLDED:
            case Scalar.Scalar.BLOCK_LITERAL:
                return implicitKey || inFlow
                    ? quotedString(ss.value, ctx) // blocks are not valid inside flow containers
                    : blockString(ss, ctx, onComment, onChompKeep);
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
        const t = (implicitKey && defaultKeyType) || defaultStringType;
        res = _stringify(t);
        if (res === null)
            throw new Error(`Unsupported default string type ${t}`);
    }
    return res;
}

exports.stringifyString = stringifyString;


/***/ }),

/***/ 204:
/***/ ((__unused_webpack_module, exports, __nccwpck_require__) => {



var identity = __nccwpck_require__(1127);

const BREAK = Symbol('break visit');
const SKIP = Symbol('skip children');
const REMOVE = Symbol('remove node');
/**
 * Apply a visitor to an AST node or document.
 *
 * Walks through the tree (depth-first) starting from `node`, calling a
 * `visitor` function with three arguments:
 *   - `key`: For sequence values and map `Pair`, the node's index in the
 *     collection. Within a `Pair`, `'key'` or `'value'`, correspondingly.
 *     `null` for the root node.
 *   - `node`: The current node.
 *   - `path`: The ancestry of the current node.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this node, continue with next
 *     sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current node, then continue with the next one
 *   - `Node`: Replace the current node, then continue by visiting it
 *   - `number`: While iterating the items of a sequence or map, set the index
 *     of the next step. This is useful especially if the index of the current
 *     node has changed.
 *
 * If `visitor` is a single function, it will be called with all values
 * encountered in the tree, including e.g. `null` values. Alternatively,
 * separate visitor functions may be defined for each `Map`, `Pair`, `Seq`,
 * `Alias` and `Scalar` node. To define the same visitor function for more than
 * one node type, use the `Collection` (map and seq), `Value` (map, seq & scalar)
 * and `Node` (alias, map, seq & scalar) targets. Of all these, only the most
 * specific defined one will be used for each node.
 */
function visit(node, visitor) {
    const visitor_ = initVisitor(visitor);
    if (identity.isDocument(node)) {
        const cd = visit_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
            node.contents = null;
    }
    else
        visit_(null, node, visitor_, Object.freeze([]));
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visit.BREAK = BREAK;
/** Do not visit the children of the current node */
visit.SKIP = SKIP;
/** Remove the current node */
visit.REMOVE = REMOVE;
function visit_(key, node, visitor, path) {
    const ctrl = callVisitor(key, node, visitor, path);
    if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visit_(key, ctrl, visitor, path);
    }
    if (typeof ctrl !== 'symbol') {
        if (identity.isCollection(node)) {
            path = Object.freeze(path.concat(node));
            for (let i = 0; i < node.items.length; ++i) {
                const ci = visit_(i, node.items[i], visitor, path);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    node.items.splice(i, 1);
                    i -= 1;
                }
            }
        }
        else if (identity.isPair(node)) {
            path = Object.freeze(path.concat(node));
            const ck = visit_('key', node.key, visitor, path);
            if (ck === BREAK)
                return BREAK;
            else if (ck === REMOVE)
                node.key = null;
            const cv = visit_('value', node.value, visitor, path);
            if (cv === BREAK)
                return BREAK;
            else if (cv === REMOVE)
                node.value = null;
        }
    }
    return ctrl;
}
/**
 * Apply an async visitor to an AST node or document.
 *
 * Walks through the tree (depth-first) starting from `node`, calling a
 * `visitor` function with three arguments:
 *   - `key`: For sequence values and map `Pair`, the node's index in the
 *     collection. Within a `Pair`, `'key'` or `'value'`, correspondingly.
 *     `null` for the root node.
 *   - `node`: The current node.
 *   - `path`: The ancestry of the current node.
 *
 * The return value of the visitor may be used to control the traversal:
 *   - `Promise`: Must resolve to one of the following values
 *   - `undefined` (default): Do nothing and continue
 *   - `visit.SKIP`: Do not visit the children of this node, continue with next
 *     sibling
 *   - `visit.BREAK`: Terminate traversal completely
 *   - `visit.REMOVE`: Remove the current node, then continue with the next one
 *   - `Node`: Replace the current node, then continue by visiting it
 *   - `number`: While iterating the items of a sequence or map, set the index
 *     of the next step. This is useful especially if the index of the current
 *     node has changed.
 *
 * If `visitor` is a single function, it will be called with all values
 * encountered in the tree, including e.g. `null` values. Alternatively,
 * separate visitor functions may be defined for each `Map`, `Pair`, `Seq`,
 * `Alias` and `Scalar` node. To define the same visitor function for more than
 * one node type, use the `Collection` (map and seq), `Value` (map, seq & scalar)
 * and `Node` (alias, map, seq & scalar) targets. Of all these, only the most
 * specific defined one will be used for each node.
 */
async function visitAsync(node, visitor) {
    const visitor_ = initVisitor(visitor);
    if (identity.isDocument(node)) {
        const cd = await visitAsync_(null, node.contents, visitor_, Object.freeze([node]));
        if (cd === REMOVE)
            node.contents = null;
    }
    else
        await visitAsync_(null, node, visitor_, Object.freeze([]));
}
// Without the `as symbol` casts, TS declares these in the `visit`
// namespace using `var`, but then complains about that because
// `unique symbol` must be `const`.
/** Terminate visit traversal completely */
visitAsync.BREAK = BREAK;
/** Do not visit the children of the current node */
visitAsync.SKIP = SKIP;
/** Remove the current node */
visitAsync.REMOVE = REMOVE;
async function visitAsync_(key, node, visitor, path) {
    const ctrl = await callVisitor(key, node, visitor, path);
    if (identity.isNode(ctrl) || identity.isPair(ctrl)) {
        replaceNode(key, path, ctrl);
        return visitAsync_(key, ctrl, visitor, path);
    }
    if (typeof ctrl !== 'symbol') {
        if (identity.isCollection(node)) {
            path = Object.freeze(path.concat(node));
            for (let i = 0; i < node.items.length; ++i) {
                const ci = await visitAsync_(i, node.items[i], visitor, path);
                if (typeof ci === 'number')
                    i = ci - 1;
                else if (ci === BREAK)
                    return BREAK;
                else if (ci === REMOVE) {
                    node.items.splice(i, 1);
                    i -= 1;
                }
            }
        }
        else if (identity.isPair(node)) {
            path = Object.freeze(path.concat(node));
            const ck = await visitAsync_('key', node.key, visitor, path);
            if (ck === BREAK)
                return BREAK;
            else if (ck === REMOVE)
                node.key = null;
            const cv = await visitAsync_('value', node.value, visitor, path);
            if (cv === BREAK)
                return BREAK;
            else if (cv === REMOVE)
                node.value = null;
        }
    }
    return ctrl;
}
function initVisitor(visitor) {
    if (typeof visitor === 'object' &&
        (visitor.Collection || visitor.Node || visitor.Value)) {
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
function callVisitor(key, node, visitor, path) {
    if (typeof visitor === 'function')
        return visitor(key, node, path);
    if (identity.isMap(node))
        return visitor.Map?.(key, node, path);
    if (identity.isSeq(node))
        return visitor.Seq?.(key, node, path);
    if (identity.isPair(node))
        return visitor.Pair?.(key, node, path);
    if (identity.isScalar(node))
        return visitor.Scalar?.(key, node, path);
    if (identity.isAlias(node))
        return visitor.Alias?.(key, node, path);
    return undefined;
}
function replaceNode(key, path, node) {
    const parent = path[path.length - 1];
    if (identity.isCollection(parent)) {
        parent.items[key] = node;
    }
    else if (identity.isPair(parent)) {
        if (key === 'key')
            parent.key = node;
        else
            parent.value = node;
    }
    else if (identity.isDocument(parent)) {
        parent.contents = node;
    }
    else {
        const pt = identity.isAlias(parent) ? 'alias' : 'scalar';
        throw new Error(`Cannot replace node with ${pt} parent`);
    }
}

exports.visit = visit;
exports.visitAsync = visitAsync;


/***/ }),

/***/ 3837:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$id":"https://raw.githubusercontent.com/ajv-validator/ajv/master/lib/refs/data.json#","description":"Meta-schema for $data reference (JSON AnySchema extension proposal)","type":"object","required":["$data"],"properties":{"$data":{"type":"string","anyOf":[{"format":"relative-json-pointer"},{"format":"json-pointer"}]}},"additionalProperties":false}');

/***/ }),

/***/ 2079:
/***/ ((module) => {

module.exports = /*#__PURE__*/JSON.parse('{"$schema":"http://json-schema.org/draft-07/schema#","$id":"http://json-schema.org/draft-07/schema#","title":"Core schema meta-schema","definitions":{"schemaArray":{"type":"array","minItems":1,"items":{"$ref":"#"}},"nonNegativeInteger":{"type":"integer","minimum":0},"nonNegativeIntegerDefault0":{"allOf":[{"$ref":"#/definitions/nonNegativeInteger"},{"default":0}]},"simpleTypes":{"enum":["array","boolean","integer","null","number","object","string"]},"stringArray":{"type":"array","items":{"type":"string"},"uniqueItems":true,"default":[]}},"type":["object","boolean"],"properties":{"$id":{"type":"string","format":"uri-reference"},"$schema":{"type":"string","format":"uri"},"$ref":{"type":"string","format":"uri-reference"},"$comment":{"type":"string"},"title":{"type":"string"},"description":{"type":"string"},"default":true,"readOnly":{"type":"boolean","default":false},"examples":{"type":"array","items":true},"multipleOf":{"type":"number","exclusiveMinimum":0},"maximum":{"type":"number"},"exclusiveMaximum":{"type":"number"},"minimum":{"type":"number"},"exclusiveMinimum":{"type":"number"},"maxLength":{"$ref":"#/definitions/nonNegativeInteger"},"minLength":{"$ref":"#/definitions/nonNegativeIntegerDefault0"},"pattern":{"type":"string","format":"regex"},"additionalItems":{"$ref":"#"},"items":{"anyOf":[{"$ref":"#"},{"$ref":"#/definitions/schemaArray"}],"default":true},"maxItems":{"$ref":"#/definitions/nonNegativeInteger"},"minItems":{"$ref":"#/definitions/nonNegativeIntegerDefault0"},"uniqueItems":{"type":"boolean","default":false},"contains":{"$ref":"#"},"maxProperties":{"$ref":"#/definitions/nonNegativeInteger"},"minProperties":{"$ref":"#/definitions/nonNegativeIntegerDefault0"},"required":{"$ref":"#/definitions/stringArray"},"additionalProperties":{"$ref":"#"},"definitions":{"type":"object","additionalProperties":{"$ref":"#"},"default":{}},"properties":{"type":"object","additionalProperties":{"$ref":"#"},"default":{}},"patternProperties":{"type":"object","additionalProperties":{"$ref":"#"},"propertyNames":{"format":"regex"},"default":{}},"dependencies":{"type":"object","additionalProperties":{"anyOf":[{"$ref":"#"},{"$ref":"#/definitions/stringArray"}]}},"propertyNames":{"$ref":"#"},"const":true,"enum":{"type":"array","items":true,"minItems":1,"uniqueItems":true},"type":{"anyOf":[{"$ref":"#/definitions/simpleTypes"},{"type":"array","items":{"$ref":"#/definitions/simpleTypes"},"minItems":1,"uniqueItems":true}]},"format":{"type":"string"},"contentMediaType":{"type":"string"},"contentEncoding":{"type":"string"},"if":{"$ref":"#"},"then":{"$ref":"#"},"else":{"$ref":"#"},"allOf":{"$ref":"#/definitions/schemaArray"},"anyOf":{"$ref":"#/definitions/schemaArray"},"oneOf":{"$ref":"#/definitions/schemaArray"},"not":{"$ref":"#"}},"default":true}');

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId](module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(486);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
