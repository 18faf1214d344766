import DocDiagnostics
import Foundation
import LocaleDrift
import SpecModel
import Testing

// Spec-table drift between a Japanese page (source locale) and its Russian translation.
// Headers, prose and descriptions are translated; directives, codes, keys, types and URLs are not.

/// The Japanese error-code page around `body` (a directive and its table).
private func errorPageJA(_ body: String, extraSection: String = "") -> String {
    """
    # エラーコード

    App Store Server API は、リクエストを処理できなかった場合に `errorCode` と `errorMessage` を含む JSON を返します。

    ## 一般的なエラー

    \(body)

    `errorCode` の値は変更されません。`errorMessage` の文言は予告なく変わることがあります。
    \(extraSection)
    """
}

/// The Russian translation of `errorPageJA`.
private func errorPageRU(_ body: String, extraSection: String = "") -> String {
    """
    # Коды ошибок

    Если запрос не удалось обработать, App Store Server API возвращает JSON с полями `errorCode` и `errorMessage`.

    ## Общие ошибки

    \(body)

    Значения `errorCode` не меняются. Текст `errorMessage` может измениться без предупреждения.
    \(extraSection)
    """
}

private let errorTableJA = """
    <!-- docspec:table kind=error-codes symbol=APIError complete -->

    | エラー名 | コード | HTTP ステータス | 再試行 | 説明 |
    |---|---|---|---|---|
    | `GeneralBadRequestError` | `4000000` | `400` | no | リクエストが不正です。 |
    | `InvalidPlayTimeError` | `4000040` | `400` | no | `playTime` の値が不正です。 |
    | `RateLimitExceededError` | `4290000` | `429` | later | リクエスト数が上限を超えました。しばらくしてから再試行してください。 |
    | `GeneralInternalRetryableError` | `5000001` | `500` | yes | 一時的な内部エラーです。再試行してください。 |
    """

private let errorTableRU = """
    <!-- docspec:table kind=error-codes symbol=APIError complete -->

    | Имя ошибки | Код | HTTP-статус | Повтор | Описание |
    |---|---|---|---|---|
    | `GeneralBadRequestError` | `4000000` | `400` | no | Некорректный запрос. |
    | `InvalidPlayTimeError` | `4000040` | `400` | no | Недопустимое значение `playTime`. |
    | `RateLimitExceededError` | `4290000` | `429` | later | Превышен лимит запросов. Повторите попытку позже. |
    | `GeneralInternalRetryableError` | `5000001` | `500` | yes | Временная внутренняя ошибка. Повторите запрос. |
    """

/// The Japanese consumption-request page around `body`.
private func fieldsPageJA(_ body: String) -> String {
    """
    ---
    id: api/send-consumption-information
    title: 消費情報の送信
    ---

    # 消費情報の送信

    `CONSUMPTION_REQUEST` 通知を受け取ったら、12 時間以内に消費情報を送信します。

    ## リクエストボディ

    \(body)
    """
}

private func fieldsPageRU(_ body: String) -> String {
    """
    ---
    id: api/send-consumption-information
    title: Отправка информации о потреблении
    ---

    # Отправка информации о потреблении

    Получив уведомление `CONSUMPTION_REQUEST`, отправьте информацию о потреблении в течение 12 часов.

    ## Тело запроса

    \(body)
    """
}

@Suite("TableDriftRule")
struct TableDriftRuleTests {
    let rules: [any DriftRule] = [TableDriftRule()]

    @Test("Translated headers, descriptions and prose are not findings (all rules)")
    func cleanErrorTable() throws {
        try expectDrift(ja(errorPageJA(errorTableJA)), ru(errorPageRU(errorTableRU)), [])
    }

    @Test("A cell that does not fit its column in ru is one invalid-cell finding, not also a cell-mismatch")
    func invalidCellIsNotAlsoDrift() throws {
        let (jaPage, _) = try ja(errorPageJA(errorTableJA)).pageWithDiagnostics()
        let broken = ru(errorPageRU(errorTableRU.replacingOnce("| `InvalidPlayTimeError` | `4000040` | `400` | no |", with: "| `InvalidPlayTimeError` | `4000040` | 四百 | no |")))
        let (ruPage, extraction) = try broken.pageWithDiagnostics()
        #expect(extraction.map(\.ruleID) == ["invalid-cell"])
        let drift = DriftChecker(rules: [TableDriftRule()]).check(PagePair(source: jaPage, target: ruPage))
        #expect(drift.isEmpty, "\(drift)")
    }

    @Test("Every rule id of the page-set and drift rules is declared once")
    func ruleCatalogue() {
        let ids = (PageSetRule.descriptors + DriftRules.standard.flatMap(\.descriptors)).map(\.id.rawValue)
        #expect(ids.count == Set(ids).count)
        #expect(Set(ids) == [
            "missing-page", "orphan-page", "duplicate-page-id",
            "missing-generic-table", "extra-generic-table", "missing-generic-row", "extra-generic-row", "row-key-mismatch",
            "missing-table", "extra-table", "directive-mismatch", "column-mismatch", "missing-row", "extra-row", "cell-mismatch",
            "missing-code-sample", "extra-code-sample", "code-sample-mismatch",
            "missing-section", "extra-section", "heading-mismatch", "heading-anchor-mismatch", "broken-anchor-link", "number-mismatch", "inline-code-mismatch",
            "link-mismatch", "placeholder-mismatch", "html-attribute-mismatch", "table-shape-mismatch",
            "untranslated-text", "identical-to-source", "stale-translation",
        ])
    }

    @Test("yes/no written はい vs да is not a finding; translated descriptions are not either")
    func yesNoWordsAcrossLocales() throws {
        let jaPage = ja(fieldsPageJA("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | キー | 型 | 必須 | 許容値 | エラー | 説明 |
            |---|---|---|---|---|---|
            | `customerConsented` | `bool` | はい | `true` | `InvalidCustomerConsentedError` | 顧客がデータ提供に同意したかどうか。 |
            | `playTime` | `int32` | はい | `0...7` | `InvalidPlayTimeError` | アプリの利用時間。 |
            | `refundPreference` | `int32` | いいえ | `0...3` | `InvalidRefundPreferenceError` | 返金に関する希望。 |
            """))
        let ruPage = ru(fieldsPageRU("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | Ключ | Тип | Обязательное | Допустимые значения | Ошибка | Описание |
            |---|---|---|---|---|---|
            | `customerConsented` | `bool` | да | `true` | `InvalidCustomerConsentedError` | Дал ли клиент согласие на передачу данных. |
            | `playTime` | `int32` | да | `0...7` | `InvalidPlayTimeError` | Время использования приложения. |
            | `refundPreference` | `int32` | нет | `0...3` | `InvalidRefundPreferenceError` | Пожелание клиента о возврате средств. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [])
    }

    // MARK: tables

    @Test("missing-table: at the ru heading of the same section, note at the ja directive")
    func missingTable() throws {
        let jaPage = ja(errorPageJA(errorTableJA, extraSection: """

            ## レート制限

            1️⃣<!-- docspec:table kind=error-codes symbol=RateLimitError id=rate-limit -->

            | エラー名 | コード | HTTP ステータス | 説明 |
            |---|---|---|---|
            | `RateLimitExceededError` | `4290000` | `429` | リクエスト数が上限を超えました。 |
            """))
        let ruPage = ru(errorPageRU(errorTableRU, extraSection: """

            1️⃣## Ограничение частоты запросов

            Таблица будет добавлена позже.
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("missing-table", at: ruPage[1], note: jaPage[1])])
    }

    @Test("extra-table: at the ru directive, note at the ja page")
    func extraTable() throws {
        let jaPage = ja("1️⃣" + errorPageJA(errorTableJA))
        let ruPage = ru(errorPageRU(errorTableRU, extraSection: """

            ## Ограничение частоты запросов

            1️⃣<!-- docspec:table kind=error-codes symbol=RateLimitError -->

            | Имя ошибки | Код | HTTP-статус | Описание |
            |---|---|---|---|
            | `RateLimitExceededError` | `4290000` | `429` | Превышен лимит запросов. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("extra-table", at: ruPage[1], note: jaPage[1])])
    }

    @Test("directive-mismatch: `complete` missing in ru")
    func directiveMismatch() throws {
        let jaPage = ja(errorPageJA("1️⃣" + errorTableJA))
        let ruPage = ru(errorPageRU("1️⃣" + errorTableRU.replacingOnce("symbol=APIError complete", with: "symbol=APIError")))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("directive-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("directive-mismatch, not missing-table, when an explicit id pairs tables whose symbol differs")
    func directiveMismatchWithExplicitID() throws {
        let jaPage = ja(errorPageJA("""
            1️⃣<!-- docspec:table kind=string-enum symbol=ConsumptionRequestReason id=reasons -->

            | 値 | 説明 |
            |---|---|
            | `UNINTENDED_PURCHASE` | 意図しない購入。 |
            | `FULFILLMENT_ISSUE` | 提供に関する問題。 |
            """))
        let ruPage = ru(errorPageRU("""
            1️⃣<!-- docspec:table kind=string-enum symbol=ConsumptionReason id=reasons -->

            | Значение | Описание |
            |---|---|
            | `UNINTENDED_PURCHASE` | Непреднамеренная покупка. |
            | `FULFILLMENT_ISSUE` | Проблема с предоставлением. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("directive-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("column-mismatch: ru lacks the optional retryable column; no cell findings cascade")
    func columnMismatch() throws {
        let jaPage = ja(errorPageJA("""
            <!-- docspec:table kind=error-codes symbol=APIError complete -->

            1️⃣| エラー名 | コード | HTTP ステータス | 再試行 | 説明 |
            |---|---|---|---|---|
            | `InvalidPlayTimeError` | `4000040` | `400` | no | `playTime` の値が不正です。 |
            | `RateLimitExceededError` | `4290000` | `429` | later | リクエスト数が上限を超えました。 |
            """))
        let ruPage = ru(errorPageRU("""
            <!-- docspec:table kind=error-codes symbol=APIError complete -->

            1️⃣| Имя ошибки | Код | HTTP-статус | Описание |
            |---|---|---|---|
            | `InvalidPlayTimeError` | `4000040` | `400` | Недопустимое значение `playTime`. |
            | `RateLimitExceededError` | `4290000` | `429` | Превышен лимит запросов. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("column-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    // MARK: rows

    @Test("missing-row: at the ru row where it belongs, note at the ja row")
    func missingRow() throws {
        let jaPage = ja(errorPageJA("""
            <!-- docspec:table kind=error-codes symbol=APIError complete -->

            | エラー名 | コード | HTTP ステータス | 再試行 | 説明 |
            |---|---|---|---|---|
            | `GeneralBadRequestError` | `4000000` | `400` | no | リクエストが不正です。 |
            1️⃣| `InvalidPlayTimeError` | `4000040` | `400` | no | `playTime` の値が不正です。 |
            | `RateLimitExceededError` | `4290000` | `429` | later | リクエスト数が上限を超えました。 |
            """))
        let ruPage = ru(errorPageRU("""
            <!-- docspec:table kind=error-codes symbol=APIError complete -->

            | Имя ошибки | Код | HTTP-статус | Повтор | Описание |
            |---|---|---|---|---|
            | `GeneralBadRequestError` | `4000000` | `400` | no | Некорректный запрос. |
            1️⃣| `RateLimitExceededError` | `4290000` | `429` | later | Превышен лимит запросов. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("missing-row", at: ruPage[1], note: jaPage[1])])
    }

    @Test("missing-row: a last row missing points at the last ru row, a first row at the first")
    func missingFirstAndLastRows() throws {
        let jaPage = ja(errorPageJA("""
            <!-- docspec:table kind=error-codes symbol=APIError complete -->

            | エラー名 | コード | HTTP ステータス | 再試行 | 説明 |
            |---|---|---|---|---|
            1️⃣| `GeneralBadRequestError` | `4000000` | `400` | no | リクエストが不正です。 |
            | `InvalidPlayTimeError` | `4000040` | `400` | no | `playTime` の値が不正です。 |
            2️⃣| `RateLimitExceededError` | `4290000` | `429` | later | リクエスト数が上限を超えました。 |
            """))
        let ruPage = ru(errorPageRU("""
            <!-- docspec:table kind=error-codes symbol=APIError complete -->

            | Имя ошибки | Код | HTTP-статус | Повтор | Описание |
            |---|---|---|---|---|
            1️⃣| `InvalidPlayTimeError` | `4000040` | `400` | no | Недопустимое значение `playTime`. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [
            Finding("missing-row", at: ruPage[1], note: jaPage[1]),
            Finding("missing-row", at: ruPage[1], note: jaPage[2]),
        ])
    }

    @Test("extra-row: at the ru key cell, note at the ja table")
    func extraRow() throws {
        let jaPage = ja(errorPageJA("""
            <!-- docspec:table kind=error-codes symbol=APIError complete -->

            1️⃣| エラー名 | コード | HTTP ステータス | 再試行 | 説明 |
            |---|---|---|---|---|
            | `InvalidPlayTimeError` | `4000040` | `400` | no | `playTime` の値が不正です。 |
            """))
        let ruPage = ru(errorPageRU("""
            <!-- docspec:table kind=error-codes symbol=APIError complete -->

            | Имя ошибки | Код | HTTP-статус | Повтор | Описание |
            |---|---|---|---|---|
            | `InvalidPlayTimeError` | `4000040` | `400` | no | Недопустимое значение `playTime`. |
            | `InvalidSampleContentProvidedError` | 1️⃣`4000041` | `400` | no | Недопустимое значение `sampleContentProvided`. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("extra-row", at: ruPage[1], note: jaPage[1])])
    }

    @Test("Acceptance: one digit of an error code changed in ru (4000040 → 4000041) is one cell-mismatch at the ru cell")
    func errorCodeDigitChanged() throws {
        let jaPage = ja(errorPageJA(errorTableJA)
            .replacingOnce("| `InvalidPlayTimeError` | `4000040` |", with: "| `InvalidPlayTimeError` | 1️⃣`4000040` |"))
        let ruPage = ru(errorPageRU(errorTableRU)
            .replacingOnce("| `InvalidPlayTimeError` | `4000040` |", with: "| `InvalidPlayTimeError` | 1️⃣`4000041` |"))
        // The key changed but the row sits where the ja row belongs: it is the same row with a
        // changed code, reported once at the ru cell with a note at the ja cell.
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("cell-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    // MARK: cells

    @Test("cell-mismatch: an HTTP status changed in ru — error at the ru cell, note at the ja cell")
    func statusChanged() throws {
        let jaPage = ja(errorPageJA(errorTableJA.replacingOnce("| `4290000` | `429` |", with: "| `4290000` | 1️⃣`429` |")))
        let ruPage = ru(errorPageRU(errorTableRU.replacingOnce("| `4290000` | `429` |", with: "| `4290000` | 1️⃣`503` |")))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("cell-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("cell-mismatch: error name and retryable are invariant too")
    func nameAndRetryableChanged() throws {
        let jaPage = ja(errorPageJA(errorTableJA.replacingOnce(
            "| `RateLimitExceededError` | `4290000` | `429` | later |",
            with: "| 1️⃣`RateLimitExceededError` | `4290000` | `429` | 2️⃣later |")))
        let ruPage = ru(errorPageRU(errorTableRU.replacingOnce(
            "| `RateLimitExceededError` | `4290000` | `429` | later |",
            with: "| 1️⃣`RateLimitExceeded` | `4290000` | `429` | 2️⃣yes |")))
        try expectDrift(jaPage, ruPage, rules: rules, [
            Finding("cell-mismatch", at: ruPage[1], note: jaPage[1]),
            Finding("cell-mismatch", at: ruPage[2], note: jaPage[2]),
        ])
    }

    @Test("cell-mismatch: a JSON type and allowed values changed in a fields table")
    func fieldTypeChanged() throws {
        let jaPage = ja(fieldsPageJA("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | キー | 型 | 必須 | 許容値 | エラー | 説明 |
            |---|---|---|---|---|---|
            | `customerConsented` | `bool` | はい | `true` | `InvalidCustomerConsentedError` | 顧客がデータ提供に同意したかどうか。 |
            | `playTime` | 1️⃣`int32` | はい | 2️⃣`0...7` | `InvalidPlayTimeError` | アプリの利用時間。 |
            """))
        let ruPage = ru(fieldsPageRU("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | Ключ | Тип | Обязательное | Допустимые значения | Ошибка | Описание |
            |---|---|---|---|---|---|
            | `customerConsented` | `bool` | да | `true` | `InvalidCustomerConsentedError` | Дал ли клиент согласие на передачу данных. |
            | `playTime` | 1️⃣`int64` | да | 2️⃣`0...6` | `InvalidPlayTimeError` | Время использования приложения. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [
            Finding("cell-mismatch", at: ruPage[1], note: jaPage[1]),
            Finding("cell-mismatch", at: ruPage[2], note: jaPage[2]),
        ])
    }

    @Test("cell-mismatch: required はい vs нет is a real difference")
    func requiredChanged() throws {
        let jaPage = ja(fieldsPageJA("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | キー | 型 | 必須 | 許容値 | エラー | 説明 |
            |---|---|---|---|---|---|
            | `playTime` | `int32` | 1️⃣はい | `0...7` | `InvalidPlayTimeError` | アプリの利用時間。 |
            """))
        let ruPage = ru(fieldsPageRU("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | Ключ | Тип | Обязательное | Допустимые значения | Ошибка | Описание |
            |---|---|---|---|---|---|
            | `playTime` | `int32` | 1️⃣нет | `0...7` | `InvalidPlayTimeError` | Время использования приложения. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("cell-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("A JSON key changed in a fields table in place is one cell-mismatch on the key")
    func fieldKeyChanged() throws {
        let jaPage = ja(fieldsPageJA("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | キー | 型 | 必須 | 許容値 | エラー | 説明 |
            |---|---|---|---|---|---|
            | `customerConsented` | `bool` | はい | `true` | `InvalidCustomerConsentedError` | 顧客がデータ提供に同意したかどうか。 |
            | 1️⃣`playTime` | `int32` | はい | `0...7` | `InvalidPlayTimeError` | アプリの利用時間。 |
            """))
        let ruPage = ru(fieldsPageRU("""
            <!-- docspec:table kind=fields symbol=ConsumptionRequestV1 -->

            | Ключ | Тип | Обязательное | Допустимые значения | Ошибка | Описание |
            |---|---|---|---|---|---|
            | `customerConsented` | `bool` | да | `true` | `InvalidCustomerConsentedError` | Дал ли клиент согласие на передачу данных. |
            | 1️⃣`playtime` | `int32` | да | `0...7` | `InvalidPlayTimeError` | Время использования приложения. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("cell-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("cell-mismatch: a base URL changed in an endpoint table")
    func endpointURLChanged() throws {
        let jaPage = ja(fieldsPageJA("""
            <!-- docspec:table kind=endpoint symbol=SendConsumptionInformationV1 -->

            | 環境 | メソッド | ベース URL | パス |
            |---|---|---|---|
            | `Production` | `PUT` | `https://api.storekit.itunes.apple.com` | `/inApps/v1/transactions/consumption/{transactionId}` |
            | `Sandbox` | `PUT` | 1️⃣`https://api.storekit-sandbox.itunes.apple.com` | `/inApps/v1/transactions/consumption/{transactionId}` |
            """))
        let ruPage = ru(fieldsPageRU("""
            <!-- docspec:table kind=endpoint symbol=SendConsumptionInformationV1 -->

            | Окружение | Метод | Базовый URL | Путь |
            |---|---|---|---|
            | `Production` | `PUT` | `https://api.storekit.itunes.apple.com` | `/inApps/v1/transactions/consumption/{transactionId}` |
            | `Sandbox` | `PUT` | 1️⃣`https://api.storekit.itunes.apple.com` | `/inApps/v1/transactions/consumption/{transactionId}` |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("cell-mismatch", at: ruPage[1], note: jaPage[1])])
    }

    @Test("cell-mismatch: an int-enum case name changed; the description may differ freely")
    func intEnumCaseChanged() throws {
        let jaPage = ja(fieldsPageJA("""
            <!-- docspec:table kind=int-enum symbol=ConsumptionStatus complete -->

            | 値 | ケース | 説明 |
            |---|---|---|
            | `0` | `undeclared` | 未申告。 |
            | `1` | 1️⃣`notConsumed` | 未消費。 |
            | `2` | `partiallyConsumed` | 一部消費済み。 |
            | `3` | `fullyConsumed` | すべて消費済み。 |
            """))
        let ruPage = ru(fieldsPageRU("""
            <!-- docspec:table kind=int-enum symbol=ConsumptionStatus complete -->

            | Значение | Кейс | Описание |
            |---|---|---|
            | `0` | `undeclared` | Не указано. |
            | `1` | 1️⃣`notconsumed` | Не потреблено. |
            | `2` | `partiallyConsumed` | Потреблено частично. |
            | `3` | `fullyConsumed` | Потреблено полностью. |
            """))
        try expectDrift(jaPage, ruPage, rules: rules, [Finding("cell-mismatch", at: ruPage[1], note: jaPage[1])])
    }
}
