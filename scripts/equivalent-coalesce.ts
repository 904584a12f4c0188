/**
 * Whether TypeScript proves that the first `??` of a line cannot be told from `||`: every type its left side
 * can have is nullish, never falsy (an object, a function, an array, a non-empty string literal, a non-zero
 * number literal, `true`), or falsy only as the very value on the right (`name ?? ''` for a string,
 * `flag ?? false` for a boolean). Such a breakage changes no value, so no test could catch it; the breakage
 * sampler leaves it out and lists it. A left side that might be a falsy value other than the right side
 * (`''` before `'x'`, `0` or `NaN` of a number), or whose type is unknown, keeps the breakage: the proof is the
 * type checker's, never a judgement.
 */
import { resolve } from 'node:path';
import ts from 'typescript';

/** The project's program, as `tsconfig.json` describes it. */
export function projectProgram(config = 'tsconfig.json'): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    resolve(config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  return ts.createProgram(parsed?.fileNames ?? [], parsed?.options ?? {});
}

/** `line` counts from 1, as `git diff` does. */
export function equivalentCoalesce(program: ts.Program, file: string, line: number): boolean {
  const source = program.getSourceFile(resolve(file));
  if (!source) return false;
  let first: ts.BinaryExpression | undefined;
  const at = (node: ts.BinaryExpression) => node.operatorToken.getStart(source);
  const visit = (node: ts.Node): void => {
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken &&
      source.getLineAndCharacterOfPosition(at(node)).line === line - 1 &&
      (!first || at(node) < at(first))
    ) {
      first = node;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!first) return false;
  const checker = program.getTypeChecker();
  const right = checker.getTypeAtLocation(first.right);
  // The right side as one literal: where the left side's only falsy value is that literal, `||` gives it too.
  const rightIsEmptyString = right.isStringLiteral() && right.value === '';
  const rightIsZero = right.isNumberLiteral() && right.value === 0;
  const rightIsFalse = (right.flags & ts.TypeFlags.BooleanLiteral) !== 0 && checker.typeToString(right) === 'false';
  const neverFalsy = (type: ts.Type): boolean => {
    if (type.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return true;
    if (type.isUnion()) return type.types.every(neverFalsy);
    if (type.isStringLiteral()) return type.value !== '' || rightIsEmptyString;
    if (type.flags & ts.TypeFlags.String) return rightIsEmptyString;
    // A `number` may be NaN, which no literal on the right equals: only the literal 0 is proven.
    if (type.isNumberLiteral()) return type.value !== 0 || rightIsZero;
    if (type.flags & ts.TypeFlags.BooleanLiteral) return checker.typeToString(type) === 'true' || rightIsFalse;
    if (type.flags & ts.TypeFlags.NonPrimitive) return true;
    if (type.flags & ts.TypeFlags.Object) {
      // `{}` admits '' and 0: only a type with a member, a signature or an index is surely an object.
      return (
        type.getProperties().length > 0 ||
        type.getCallSignatures().length > 0 ||
        type.getConstructSignatures().length > 0 ||
        checker.getIndexInfosOfType(type).length > 0
      );
    }
    return false;
  };
  return neverFalsy(checker.getTypeAtLocation(first.left));
}
