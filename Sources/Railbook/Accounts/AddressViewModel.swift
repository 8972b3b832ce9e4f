import Mustache

/// One address as the list and the delete page show it, the phone number masked.
struct AddressViewModel: MustacheRenderable {
    let address: Address

    var mustacheValue: MustacheValue {
        let path = "/me/addresses/\(address.id)"
        return .object([
            "id": .string(String(address.id)),
            "recipient": .string(address.recipient),
            "phone": .string(address.maskedPhone),
            "region": .string(address.region),
            "detail": .string(address.detail),
            "postcode": address.postcode.isEmpty ? .null : .string(address.postcode),
            "isDefault": .bool(address.isDefault),
            "editHref": .string(path + "/edit"),
            "deleteHref": .string(path + "/delete"),
            "defaultAction": .string(path + "/default"),
        ])
    }
}
