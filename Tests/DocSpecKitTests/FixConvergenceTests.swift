import DocSpecKit
import Foundation
import Testing

/// `docspec fix` reaches a fixed point: a cell fix replaces only a cell the translation wrote
/// between `|` delimiters, so a second run finds nothing to apply. Found by fuzz-fix: a
/// translated row with fewer cells than the header (one code span left open across a `|`) got
/// the source's error cell appended to its last cell on every run.
@Suite("docspec fix converges")
struct FixConvergenceTests {
    static let source = """
        # Request

        <!-- docspec:table kind=fields symbol=FixtureRequest -->

        | キー | 型 | 必須 | 許容値 | エラー | 説明 |
        |---|---|---|---|---|---|
        | `playTime` | `int32` | はい | `0...7` | `InvalidPlayTimeError` | 利用時間の区分。 |

        """
    static let translation = """
        # Request

        <!-- docspec:table kind=fields symbol=FixtureRequest -->

        | Ключ | Тип | Обязательно | Допустимые значения | Ошибка | Описание |
        |---|---|---|---|---|---|
        | `playTi| ` `meint32` | да | `ставлено. |

        """

    static let args = ["--locale", "ja=ja", "--locale", "ru=ru", "--source", "ja"]

    /// Writes the pair as `ja/<name>` and `ru/<name>`, runs `docspec fix`, and checks that a
    /// second `fix --dry-run` shows no change and a second `fix` leaves the page as the first
    /// left it. Returns the first run's transcript and the fixed translation.
    @discardableResult
    func fixTwice(_ name: String, source: String, translation: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> (transcript: String, fixed: String) {
        let w = try Workspace()
        try w.write("ja/\(name)", source)
        try w.write("ru/\(name)", translation)
        let run = w.run(["fix"] + Self.args)
        let once = w.read("ru/\(name)") ?? ""
        let again = w.run(["fix", "--dry-run"] + Self.args)
        #expect(!again.out.contains("@@"), "a second fix still changes the page:\n\(again.transcript)", sourceLocation: sourceLocation)
        w.run(["fix"] + Self.args)
        #expect(w.read("ru/\(name)") == once, sourceLocation: sourceLocation)
        return (run.transcript, once)
    }

    @Test("a row with fewer cells than the header: the fix never writes into its last cell; a second run applies nothing")
    func shortRowConverges() throws {
        let once = try fixTwice("request.md", source: Self.source, translation: Self.translation).fixed
        // The row keeps its four cells: nothing was appended to `ставлено. .
        let row = once.components(separatedBy: "\n").first { $0.contains("ставлено") } ?? ""
        #expect(!row.contains("InvalidPlayTimeError"), "\(row)")
        #expect(row.filter { $0 == "|" }.count == 5, "\(row)")
    }

    @Test("a source table with one key twice: its rows' cells are not fixed, so fix cannot swap a cell back and forth")
    func duplicateSourceKeyIsNotFixed() throws {
        let source = """
            # Errors

            <!-- docspec:table kind=error-codes symbol=FixtureError -->

            | エラー名 | コード | HTTP ステータス | 説明 |
            |---|---|---|---|
            | `InvalidPlayTimeError` | `4000041` | `400` | playTime の値が不正です。 |
            | `InvalidStatusError` | `4000041` | `400` | status の値が不正です。 |

            """
        let translation = """
            # Errors

            <!-- docspec:table kind=error-codes symbol=FixtureError -->

            | Имя ошибки | Код | HTTP-статус | Описание |
            |---|---|---|---|
            | `InvalidStatusError` | `4000041` | `400` | Недопустимое значение status. |

            """
        let w = try Workspace()
        try w.write("ja/errors.md", source)
        try w.write("ru/errors.md", translation)
        let args = ["--locale", "ja=ja", "--locale", "ru=ru", "--source", "ja"]
        let run = w.run(["fix"] + args)
        #expect(w.read("ru/errors.md") == translation, "\(run.transcript)")
        #expect(run.transcript.contains("fixed 0 findings"), "\(run.transcript)")
    }

    @Test("a source row indented less than its table's header: the cell fix writes the source cell, once")
    func rowIndentedUnlikeHeaderConverges() throws {
        // cmark-gfm counts the row's columns from the header's indentation, two bytes to the
        // right: the fix copied the cell's tail and the row's pipes into the translation's
        // cell, and the row grew by cells on every run.
        let source = """
            # Errors

            <!-- docspec:table kind=error-codes symbol=FixtureError -->

              | エラー名 | コード | 説明 |
              | --- | --- | --- |
            | `InvalidPlayTimeError` | `4000041` | playTime の値が不正です。 |
              | `InvalidStatusError` | `4000042` | status の値が不正です。 |

            """
        let translation = """
            # Errors

            <!-- docspec:table kind=error-codes symbol=FixtureError -->

            | Имя ошибки | Код | Описание |
            | --- | --- | --- |
            | `InvalidPlayTimeError` | `4000099` | Недопустимое значение playTime. |
            | `InvalidStatusError` | `4000042` | Недопустимое значение status. |

            """
        let (transcript, once) = try fixTwice("errors.md", source: source, translation: translation)
        #expect(once.contains("| `InvalidPlayTimeError` | `4000041` | Недопустимое значение playTime. |"), "\(transcript)\n\(once)")
    }

    @Test("an error without a number is keyed by its name: its name cell is not fixed to another row's key, so fix does not swap it back and forth")
    func nameKeyedRowIsNotRepaired() throws {
        // Found by fuzz-fix. The translation's first row has no code, so its key is its name, `A`:
        // the source's second row's code. Fixing that row's name to the source's `B` made its key
        // `B`, the next run paired it with the source's first row (its code cell cut short by a
        // `|` in a code span) and fixed the name back to `A`.
        let source = """
            # Errors

            <!-- docspec:table kind=error-codes symbol=FixtureError -->

            | 名前|コード|HTTP|再試行|説明 |
            | --- |--- |--- |--- |--- |
            | `A`   |  `|`  |  １２  |  yes  |  再試行してください。 |
            | `B`|`A`|yes|`B`| |

            """
        let translation = """
            # Errors

            <!-- docspec:table kind=error-codes symbol=FixtureError -->

            | 名前|コード|HTTP|再試行|説明 |
            | ---| ---| ---| ---| --- |
            | `A`  |  |１２ |yes |Повторите. |
            | `B`  |  `A`  |  yes  |  `B`  |  Описание. |

            """
        try fixTwice("errors.md", source: source, translation: translation)
    }
}
