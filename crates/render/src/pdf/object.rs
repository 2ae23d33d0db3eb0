//! The objects made after the last page (fonts, the catalog, the information dictionary,
//! the outline, metadata, colour profiles): a small object model and its serialization
//! (ISO 32000-1 7.3). The pages, forms and structure tree are written as bytes as they
//! come ([`super::write`]); these few are kept as objects because they change until the
//! end (the catalog gains its outline and metadata).
//!
//! They are written as lopdf 0.44 wrote them, to the byte, which this writer used for them
//! until December 2026 (the tests compare the two): lopdf also brought a PDF parser,
//! encryption and text encodings none of this needs, a sixth of a clean release build.

use std::collections::BTreeMap;

/// An object's number and generation (always 0 here).
pub(super) type ObjectId = (u32, u16);

/// A PDF object (ISO 32000-1 7.3.2–7.3.10).
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Object {
    /// `null`.
    Null,
    /// `true` or `false`.
    Boolean(bool),
    /// A whole number.
    Integer(i64),
    /// A real number, written as Rust writes an `f32` (`0.5`, `-12.25`, `1000`).
    Real(f32),
    /// A name, its bytes without the slash.
    Name(Vec<u8>),
    /// A string, written as a literal string (in parentheses).
    String(Vec<u8>),
    /// An array.
    Array(Vec<Object>),
    /// A dictionary.
    Dictionary(Dictionary),
    /// A stream (only ever an indirect object).
    Stream(Stream),
    /// A reference to an indirect object.
    Reference(ObjectId),
}

/// A dictionary: its entries in the order they were first set.
#[derive(Debug, Clone, Default, PartialEq)]
pub(super) struct Dictionary(Vec<(Vec<u8>, Object)>);

impl Dictionary {
    /// An empty dictionary.
    pub fn new() -> Dictionary {
        Dictionary::default()
    }

    /// Sets `key` to `value`: in its place if the key is there, else at the end.
    pub fn set(&mut self, key: &str, value: Object) {
        match self.0.iter_mut().find(|(k, _)| k == key.as_bytes()) {
            Some(entry) => entry.1 = value,
            None => self.0.push((key.as_bytes().to_vec(), value)),
        }
    }

    /// The value of `key`, if it is there.
    pub fn get(&self, key: &[u8]) -> Option<&Object> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    /// Whether `key` is there.
    pub fn has(&self, key: &[u8]) -> bool {
        self.get(key).is_some()
    }

    /// Removes `key`; the last entry takes its place (as lopdf's `swap_remove` did).
    pub fn remove(&mut self, key: &[u8]) {
        if let Some(at) = self.0.iter().position(|(k, _)| k == key) {
            self.0.swap_remove(at);
        }
    }
}

/// A stream: its dictionary (with its `Length`) and its data as written.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Stream {
    /// The dictionary.
    pub dict: Dictionary,
    /// The data, as the file holds it (compressed when the dictionary has a filter).
    pub content: Vec<u8>,
}

impl Stream {
    /// A stream of `content` with `dict`'s entries and then its length.
    pub fn new(mut dict: Dictionary, content: Vec<u8>) -> Stream {
        dict.set("Length", Object::Integer(content.len() as i64));
        Stream { dict, content }
    }

    /// Replaces the data, and its length.
    pub fn set_content(&mut self, content: Vec<u8>) {
        self.dict.set("Length", Object::Integer(content.len() as i64));
        self.content = content;
    }

    /// Compresses an uncompressed stream at the best level when that saves more than the
    /// filter's entry costs (19 bytes).
    pub fn compress(&mut self) -> std::io::Result<()> {
        use std::io::Write;
        if self.dict.has(b"Filter") {
            return Ok(());
        }
        let mut encoder = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::best());
        encoder.write_all(&self.content)?;
        let compressed = encoder.finish()?;
        if compressed.len() + 19 < self.content.len() {
            self.dict.set("Filter", Object::Name(b"FlateDecode".to_vec()));
            self.set_content(compressed);
        }
        Ok(())
    }

    /// Decompresses a `FlateDecode` stream, dropping its filter; a stream whose data does
    /// not inflate is left as it is.
    pub fn decompress(&mut self) {
        use std::io::Read;
        if self.dict.get(b"Filter") != Some(&Object::Name(b"FlateDecode".to_vec())) {
            return;
        }
        let mut data = Vec::new();
        if flate2::read::ZlibDecoder::new(self.content.as_slice()).read_to_end(&mut data).is_ok() {
            self.dict.remove(b"DecodeParms");
            self.dict.remove(b"Filter");
            self.set_content(data);
        }
    }
}

/// The objects kept until the end, by number, and the two the file's trailer names; it
/// also numbers every object of the file, these and those already written.
#[derive(Debug, Default)]
pub(super) struct ObjectTable {
    /// The objects, by number.
    pub objects: BTreeMap<u32, Object>,
    /// The catalog (the trailer's `Root`), once made.
    pub root: Option<ObjectId>,
    /// The information dictionary (the trailer's `Info`), once made.
    pub info: Option<ObjectId>,
    /// The highest number given so far.
    pub max_id: u32,
}

impl ObjectTable {
    /// The next object number.
    pub fn new_object_id(&mut self) -> ObjectId {
        self.max_id += 1;
        (self.max_id, 0)
    }

    /// Keeps `object` under the next number.
    pub fn add_object(&mut self, object: Object) -> ObjectId {
        let id = self.new_object_id();
        self.objects.insert(id.0, object);
        id
    }

    /// Keeps `object` under number `id`, given before.
    pub fn insert(&mut self, id: ObjectId, object: Object) {
        self.objects.insert(id.0, object);
    }

    /// The catalog, once made.
    pub fn catalog_mut(&mut self) -> Option<&mut Dictionary> {
        match self.objects.get_mut(&self.root?.0) {
            Some(Object::Dictionary(catalog)) => Some(catalog),
            _ => None,
        }
    }
}

/// Whether a space must come between a key (or an earlier element) and this object.
fn needs_space_before(object: &Object) -> bool {
    matches!(object, Object::Null | Object::Boolean(_) | Object::Integer(_) | Object::Real(_) | Object::Reference(_))
}

/// Whether an indirect object is followed by a space before its end of line.
fn needs_space_after(object: &Object) -> bool {
    needs_space_before(object) || matches!(object, Object::Name(_) | Object::Stream(_))
}

impl Object {
    /// The object's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.write(&mut out);
        out
    }

    /// Object `id` as a file holds it: `N 0 obj`, the object, `endobj`.
    pub fn indirect(&self, id: u32) -> Vec<u8> {
        let mut out = format!("{id} 0 obj\n").into_bytes();
        if needs_space_before(self) {
            out.push(b' ');
        }
        self.write(&mut out);
        if needs_space_after(self) {
            out.push(b' ');
        }
        out.extend_from_slice(b"\nendobj\n");
        out
    }

    /// Appends the object's bytes to `out`.
    fn write(&self, out: &mut Vec<u8>) {
        match self {
            Object::Null => out.extend_from_slice(b"null"),
            Object::Boolean(b) => out.extend_from_slice(if *b { b"true" } else { b"false" }),
            Object::Integer(n) => out.extend_from_slice(n.to_string().as_bytes()),
            Object::Real(r) => out.extend_from_slice(r.to_string().as_bytes()),
            Object::Name(name) => write_name(name, out),
            Object::String(text) => write_literal(text, out),
            Object::Array(items) => {
                out.push(b'[');
                for (k, item) in items.iter().enumerate() {
                    if k > 0 && needs_space_before(item) {
                        out.push(b' ');
                    }
                    item.write(out);
                }
                out.push(b']');
            }
            Object::Dictionary(dict) => write_dictionary(dict, out),
            Object::Stream(stream) => {
                write_dictionary(&stream.dict, out);
                out.extend_from_slice(b"stream\n");
                out.extend_from_slice(&stream.content);
                out.extend_from_slice(b"\nendstream");
            }
            Object::Reference((id, generation)) => out.extend_from_slice(format!("{id} {generation} R").as_bytes()),
        }
    }
}

fn write_dictionary(dict: &Dictionary, out: &mut Vec<u8>) {
    out.extend_from_slice(b"<<");
    for (key, value) in &dict.0 {
        write_name(key, out);
        if needs_space_before(value) {
            out.push(b' ');
        }
        value.write(out);
    }
    out.extend_from_slice(b">>");
}

/// A name: white space, delimiters, `#` and bytes outside `!`–`~` as `#XX` (7.3.5).
fn write_name(name: &[u8], out: &mut Vec<u8>) {
    out.push(b'/');
    for &b in name {
        if b" \t\n\r\x0C()<>[]{}/%#".contains(&b) || !(33..=126).contains(&b) {
            out.extend_from_slice(format!("#{b:02X}").as_bytes());
        } else {
            out.push(b);
        }
    }
}

/// A literal string (7.3.4.2): backslashes, carriage returns (as `\r`) and the
/// parentheses that are not balanced escaped; balanced ones are left as they are.
/// (`write::literal`, for the strings of the structure tree, escapes every parenthesis:
/// each keeps the bytes its objects always had.)
fn write_literal(text: &[u8], out: &mut Vec<u8>) {
    let mut escaped = vec![false; text.len()];
    let mut open = Vec::new();
    for (at, &b) in text.iter().enumerate() {
        match b {
            b'(' => open.push(at),
            b')' if open.pop().is_none() => escaped[at] = true,
            b'\\' | b'\r' => escaped[at] = true,
            _ => {}
        }
    }
    for at in open {
        escaped[at] = true;
    }
    out.push(b'(');
    for (&b, &escape) in text.iter().zip(&escaped) {
        if escape {
            out.push(b'\\');
            out.push(if b == b'\r' { b'r' } else { b });
        } else {
            out.push(b);
        }
    }
    out.push(b')');
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The same object in lopdf's model.
    fn lopdf_of(object: &Object) -> lopdf::Object {
        match object {
            Object::Null => lopdf::Object::Null,
            Object::Boolean(b) => lopdf::Object::Boolean(*b),
            Object::Integer(n) => lopdf::Object::Integer(*n),
            Object::Real(r) => lopdf::Object::Real(*r),
            Object::Name(n) => lopdf::Object::Name(n.clone()),
            Object::String(s) => lopdf::Object::String(s.clone(), lopdf::StringFormat::Literal),
            Object::Array(items) => lopdf::Object::Array(items.iter().map(lopdf_of).collect()),
            Object::Dictionary(d) => lopdf::Object::Dictionary(lopdf_dict(d)),
            Object::Stream(s) => {
                let plain = lopdf::Stream::new(lopdf::Dictionary::new(), s.content.clone());
                lopdf::Object::Stream(lopdf::Stream { dict: lopdf_dict(&s.dict), ..plain })
            }
            Object::Reference(id) => lopdf::Object::Reference(*id),
        }
    }

    fn lopdf_dict(d: &Dictionary) -> lopdf::Dictionary {
        let mut out = lopdf::Dictionary::new();
        for (k, v) in &d.0 {
            out.set(k.clone(), lopdf_of(v));
        }
        out
    }

    /// Object `id` as lopdf 0.44 saved it: the bytes between the header and the
    /// cross-reference table of a file holding it alone.
    fn saved_by_lopdf(id: u32, object: lopdf::Object) -> Vec<u8> {
        let mut doc = lopdf::Document::with_version("1.7");
        doc.reference_table.cross_reference_type = lopdf::xref::XrefType::CrossReferenceTable;
        doc.objects.insert((id, 0), object);
        doc.max_id = id;
        let mut file = Vec::new();
        doc.save_to(&mut file).unwrap();
        let head = format!("{id} 0 obj\n");
        let start = file.windows(head.len()).position(|w| w == head.as_bytes()).unwrap();
        let end = file.windows(6).rposition(|w| w == b"\nxref\n").unwrap() + 1;
        file[start..end].to_vec()
    }

    fn bytes() -> impl Strategy<Value = Vec<u8>> {
        // Parentheses, backslashes and carriage returns often, and any byte.
        prop::collection::vec(prop_oneof![Just(b'('), Just(b')'), Just(b'\\'), Just(b'\r'), any::<u8>()], 0..12)
    }

    fn object() -> impl Strategy<Value = Object> {
        let leaf = prop_oneof![
            Just(Object::Null),
            any::<bool>().prop_map(Object::Boolean),
            any::<i64>().prop_map(Object::Integer),
            any::<f32>().prop_filter("a number", |r| r.is_finite()).prop_map(Object::Real),
            (-1000i32..1000).prop_map(|n| Object::Real(n as f32 / 8.0)),
            bytes().prop_map(Object::Name),
            bytes().prop_map(Object::String),
            (1u32..99, 0u16..2).prop_map(Object::Reference),
        ];
        leaf.prop_recursive(3, 24, 5, |inner| {
            prop_oneof![
                prop::collection::vec(inner.clone(), 0..5).prop_map(Object::Array),
                prop::collection::vec(("[A-Za-z#()/ ]{1,6}", inner), 0..5).prop_map(|entries| {
                    let mut d = Dictionary::new();
                    for (k, v) in entries {
                        d.set(&k, v);
                    }
                    Object::Dictionary(d)
                }),
            ]
        })
    }

    proptest! {
        #[test]
        fn objects_are_written_as_lopdf_wrote_them(object in object(), id in 1u32..500) {
            prop_assert_eq!(object.indirect(id), saved_by_lopdf(id, lopdf_of(&object)));
        }

        #[test]
        fn streams_are_written_as_lopdf_wrote_them(content in prop::collection::vec(any::<u8>(), 0..40), filtered in any::<bool>()) {
            let mut dict = Dictionary::new();
            if filtered {
                dict.set("Filter", Object::Name(b"FlateDecode".to_vec()));
            }
            let stream = Object::Stream(Stream::new(dict, content));
            prop_assert_eq!(stream.indirect(7), saved_by_lopdf(7, lopdf_of(&stream)));
        }
    }

    #[test]
    fn a_dictionary_keeps_its_order_as_lopdf_did() {
        let mut ours = Dictionary::new();
        let mut theirs = lopdf::Dictionary::new();
        for key in ["N", "Length", "Filter", "DecodeParms", "Extra"] {
            ours.set(key, Object::Integer(1));
            theirs.set(key, lopdf::Object::Integer(1));
        }
        ours.set("Length", Object::Integer(2));
        theirs.set("Length", lopdf::Object::Integer(2));
        ours.remove(b"Filter");
        theirs.remove(b"Filter");
        let written = Object::Dictionary(ours);
        let keys: Vec<&[u8]> = theirs.iter().map(|(k, _)| k.as_slice()).collect();
        let Object::Dictionary(d) = &written else { unreachable!() };
        assert_eq!(d.0.iter().map(|(k, _)| k.as_slice()).collect::<Vec<_>>(), keys);
        assert_eq!(written.indirect(3), saved_by_lopdf(3, lopdf_of(&written)));
    }

    #[test]
    fn compressing_and_decompressing_match_lopdf() {
        let data: Vec<u8> = (0..4000u32).flat_map(|n| (n % 251).to_le_bytes()).collect();
        let mut dict = Dictionary::new();
        dict.set("N", Object::Integer(4));
        let mut theirs = lopdf::Stream::new(lopdf_dict(&dict), data.clone());
        let mut ours = Stream::new(dict, data.clone());
        ours.compress().unwrap();
        theirs.compress().unwrap();
        let ours_object = Object::Stream(ours.clone());
        assert_eq!(ours_object.indirect(9), saved_by_lopdf(9, lopdf::Object::Stream(theirs.clone())));
        ours.decompress();
        theirs.decompress().unwrap();
        assert_eq!(ours.content, data);
        assert_eq!(Object::Stream(ours).indirect(9), saved_by_lopdf(9, lopdf::Object::Stream(theirs)));
    }
}
