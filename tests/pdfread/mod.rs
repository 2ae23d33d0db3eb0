//! A PDF read back by qpdf (`qpdf --json=2`, streams decoded), independent of the
//! writer: the catalog, the information dictionary, the XMP packet, the pages and their
//! content, and the logical structure (each element's type, alternative text and text).
//! Shared by the tests that hold the PDFs to their standards.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// A PDF as qpdf reads it.
pub struct Pdf {
    objects: BTreeMap<String, Value>,
    trailer: Value,
    /// The header's version (`1.7`).
    pub version: String,
}

/// One structure element, its kids in order.
#[derive(Debug, Clone)]
pub struct Element {
    /// The structure type (`H1`, `P`, `Figure`, …).
    pub kind: String,
    /// Its alternative text.
    pub alt: Option<String>,
    /// The text it is read as instead of its content (`/ActualText`).
    pub actual: Option<String>,
    /// Its layout bounding box, if it has one.
    pub bbox: Option<Vec<f64>>,
    /// The elements inside it.
    pub kids: Vec<Element>,
    /// How many marked-content pieces it owns directly.
    pub content: usize,
}

impl Element {
    /// Every element of the subtree, depth first, in reading order.
    pub fn walk(&self) -> Vec<&Element> {
        let mut out = vec![self];
        for k in &self.kids {
            out.extend(k.walk());
        }
        out
    }
}

fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| match c {
        b'A'..=b'Z' => Some(c - b'A'),
        b'a'..=b'z' => Some(c - b'a' + 26),
        b'0'..=b'9' => Some(c - b'0' + 52),
        b'+' => Some(62),
        b'/' => Some(63),
        _ => None,
    };
    let mut out = Vec::new();
    let (mut acc, mut bits) = (0u32, 0);
    for v in text.bytes().filter_map(value) {
        acc = acc << 6 | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    out
}

/// A PDF text string as qpdf's JSON writes it: `u:` text, or `b:` hex bytes.
pub fn text(v: &Value) -> Option<String> {
    let s = v.as_str()?;
    if let Some(t) = s.strip_prefix("u:") {
        return Some(t.to_string());
    }
    let hex = s.strip_prefix("b:")?;
    let bytes: Vec<u8> =
        (0..hex.len() / 2).filter_map(|i| u8::from_str_radix(&hex[2 * i..2 * i + 2], 16).ok()).collect();
    if bytes.starts_with(&[0xFE, 0xFF]) {
        let units: Vec<u16> =
            bytes[2..].chunks(2).map(|c| u16::from_be_bytes([c[0], *c.get(1).unwrap_or(&0)])).collect();
        return String::from_utf16(&units).ok();
    }
    Some(bytes.iter().map(|&b| b as char).collect())
}

impl Pdf {
    /// Reads a file with qpdf (which `bash tests/run.sh` installs), its streams decoded.
    pub fn load(path: &Path) -> Pdf {
        Pdf::read(path, "generalized")
    }

    /// Reads a file with qpdf, its streams' data and filters as the file holds them.
    pub fn load_undecoded(path: &Path) -> Pdf {
        Pdf::read(path, "none")
    }

    fn read(path: &Path, decode: &str) -> Pdf {
        let out = Command::new("qpdf")
            .args(["--json=2", "--json-stream-data=inline", &format!("--decode-level={decode}")])
            .arg(path)
            .output()
            .expect("qpdf runs: install it with `bash tests/run.sh`");
        assert!(out.status.success() || out.status.code() == Some(3), "qpdf --json {}", path.display());
        let json: Value = serde_json::from_slice(&out.stdout).expect("qpdf writes JSON");
        let header = &json["qpdf"][0];
        let mut objects: BTreeMap<String, Value> = BTreeMap::new();
        let mut trailer = Value::Null;
        for (k, v) in json["qpdf"][1].as_object().expect("objects") {
            if k == "trailer" {
                trailer = v["value"].clone();
            } else if let Some(id) = k.strip_prefix("obj:") {
                objects.insert(id.to_string(), v.clone());
            }
        }
        Pdf { objects, trailer, version: header["pdfversion"].as_str().unwrap_or("").to_string() }
    }

    /// The value a reference (or a direct value) stands for: a stream's dictionary for a
    /// stream.
    pub fn get<'a>(&'a self, v: &'a Value) -> &'a Value {
        match v.as_str() {
            Some(r) if r.ends_with(" R") => match self.objects.get(r) {
                Some(o) if o.get("value").is_some() => &o["value"],
                Some(o) => &o["stream"]["dict"],
                None => &Value::Null,
            },
            _ => v,
        }
    }

    /// A stream's decoded data.
    pub fn data(&self, reference: &Value) -> Vec<u8> {
        let r = reference.as_str().unwrap_or("");
        self.objects.get(r).and_then(|o| o["stream"]["data"].as_str()).map(base64).unwrap_or_default()
    }

    /// The trailer.
    pub fn trailer(&self) -> &Value {
        &self.trailer
    }

    /// The catalog.
    pub fn catalog(&self) -> &Value {
        self.get(&self.trailer["/Root"])
    }

    /// The information dictionary.
    pub fn info(&self) -> &Value {
        self.get(&self.trailer["/Info"])
    }

    /// A text entry of the information dictionary.
    pub fn info_text(&self, key: &str) -> Option<String> {
        text(&self.info()[key])
    }

    /// The XMP packet.
    pub fn xmp(&self) -> String {
        String::from_utf8_lossy(&self.data(&self.catalog()["/Metadata"])).into_owned()
    }

    /// The pages' dictionaries, in order.
    pub fn pages(&self) -> Vec<&Value> {
        fn collect<'a>(pdf: &'a Pdf, node: &'a Value, out: &mut Vec<&'a Value>) {
            let n = pdf.get(node);
            match n["/Type"].as_str() {
                Some("/Pages") => {
                    for k in n["/Kids"].as_array().into_iter().flatten() {
                        collect(pdf, k, out);
                    }
                }
                _ => out.push(n),
            }
        }
        let mut out = Vec::new();
        collect(self, &self.catalog()["/Pages"], &mut out);
        out
    }

    /// A page's content, decoded (its streams joined).
    pub fn content(&self, page: &Value) -> String {
        self.contents(page)
            .iter()
            .map(|r| String::from_utf8_lossy(&self.data(r)).into_owned())
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// References to the form XObjects (`"12 0 R"`), in object order.
    pub fn forms(&self) -> Vec<Value> {
        let forms = self.objects.iter().filter(|(_, o)| o["stream"]["dict"]["/Subtype"].as_str() == Some("/Form"));
        forms.map(|(id, _)| Value::String(id.to_string())).collect()
    }

    /// A page's content streams (references).
    pub fn contents<'a>(&self, page: &'a Value) -> Vec<&'a Value> {
        match &page["/Contents"] {
            Value::Array(a) => a.iter().collect(),
            other => vec![other],
        }
    }

    /// Every stream's content that draws: the pages' and their forms'.
    pub fn drawing_streams(&self) -> Vec<String> {
        let mut out: Vec<String> = self.pages().iter().map(|p| self.content(p)).collect();
        for form in self.forms() {
            out.push(String::from_utf8_lossy(&self.data(&form)).into_owned());
        }
        out
    }

    /// The structure tree, from its root's first kid (the document element).
    pub fn structure(&self) -> Element {
        let root = self.get(&self.catalog()["/StructTreeRoot"]);
        let kids: Vec<&Value> = match &root["/K"] {
            Value::Array(a) => a.iter().collect(),
            other => vec![other],
        };
        self.element(kids[0])
    }

    fn element(&self, v: &Value) -> Element {
        let e = self.get(v);
        let kids: Vec<&Value> = match &e["/K"] {
            Value::Array(a) => a.iter().collect(),
            Value::Null => Vec::new(),
            other => vec![other],
        };
        let mut element = Element {
            kind: e["/S"].as_str().unwrap_or("").trim_start_matches('/').to_string(),
            alt: text(&e["/Alt"]),
            actual: text(&e["/ActualText"]),
            bbox: e["/A"]["/BBox"].as_array().map(|a| a.iter().filter_map(Value::as_f64).collect()),
            kids: Vec::new(),
            content: 0,
        };
        for k in kids {
            let is_element = k.as_str().is_some_and(|s| s.ends_with(" R"))
                && self.get(k)["/Type"].as_str().is_none_or(|t| t == "/StructElem");
            if k.is_number() || self.get(k)["/Type"].as_str() == Some("/MCR") {
                element.content += 1;
            } else if is_element {
                element.kids.push(self.element(k));
            }
        }
        element
    }

    /// The output intents.
    pub fn output_intents(&self) -> Vec<&Value> {
        self.get(&self.catalog()["/OutputIntents"])
            .as_array()
            .map(|a| a.iter().map(|i| self.get(i)).collect())
            .unwrap_or_default()
    }
}
