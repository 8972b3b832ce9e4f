/// One labelled form control as the `forms/_field` partial draws it: label, control, hint and the
/// error message tied to the control with `aria-describedby`.
struct FieldViewModel: Encodable {
    /// Which control to draw.
    enum Control {
        case input(type: String)
        case select(options: [(value: String, label: String)])
        case textArea
    }

    let name: String
    let label: String
    var control: Control = .input(type: "text")
    var value: String = ""
    var hint: String?
    var error: String?
    var isRequired = true
    var autocomplete: String?
    var maxLength: Int?
    var inputMode: String?

    /// Encodes what the partial reads (`Drawn`), worked out from the field's settings.
    func encode(to encoder: any Encoder) throws {
        try Drawn(self).encode(to: encoder)
    }

    /// What `forms/_field` reads: the control's id, what describes it, and one of `input`,
    /// `select` or `textArea`.
    private struct Drawn: Encodable {
        struct Input: Encodable {
            let type: String
        }

        struct Option: Encodable {
            let value: String
            let label: String
            let selected: Bool
        }

        struct Select: Encodable {
            /// `required` on a select only means something when its first option is an empty
            /// "Choose…"; HTML forbids it otherwise (a default such as the resident ID card is a choice).
            let required: Bool
            let options: [Option]
        }

        let id: String
        let name: String
        let label: String
        let value: String
        let required: Bool
        /// The ids of the hint and the error, for `aria-describedby`.
        let describedBy: String
        let hint: String?
        let error: String?
        let autocomplete: String?
        let maxLength: Int?
        let inputMode: String?
        let input: Input?
        let select: Select?
        let textArea: Bool

        init(_ field: FieldViewModel) {
            let id = "field-" + field.name.replacingAll("_", with: "-")
            self.id = id
            name = field.name
            label = field.label
            value = field.value
            required = field.isRequired
            describedBy = [field.hint.map { _ in id + "-hint" }, field.error.map { _ in id + "-error" }].compactMap { $0 }
                .joined(separator: " ")
            hint = field.hint
            error = field.error
            autocomplete = field.autocomplete
            maxLength = field.maxLength
            inputMode = field.inputMode
            switch field.control {
            case .input(let type):
                (input, select, textArea) = (Input(type: type), nil, false)
            case .select(let options):
                let choices = options.map { Option(value: $0.value, label: $0.label, selected: $0.value == field.value) }
                (input, select, textArea) = (nil, Select(required: field.isRequired && options.first?.value == "", options: choices), false)
            case .textArea:
                (input, select, textArea) = (nil, nil, true)
            }
        }
    }
}
